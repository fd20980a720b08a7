/**
 * The Vitest runner the plugin installs. Its `onTaskFinished` runs after the
 * test function (or a beforeEach) failed or timed out and before `afterEach`,
 * the moment the screen still shows the failure; it only runs the step the
 * test's `attempt` fixture left for that moment (before-after-each.ts).
 */
import { type RunnerTestCase, TestRunner } from 'vitest';
import { runBeforeAfterEach } from './before-after-each.js';

export default class DroidproofRunner extends TestRunner {
  async onTaskFinished(test: RunnerTestCase): Promise<void> {
    await runBeforeAfterEach(test);
  }
}
