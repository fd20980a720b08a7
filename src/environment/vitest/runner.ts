/**
 * The Vitest runner the plugin installs. Its `onTaskFinished` runs after the
 * test function failed and before `afterEach`, so a throw, a timeout or a
 * failed `beforeEach` gets its evidence while the screen still shows the
 * failure; a failing matcher has usually captured it already, with its
 * candidates, and the session keeps that one.
 */
import { type RunnerTask, type RunnerTestCase, recordArtifact, TestRunner } from 'vitest';
import { evidenceArtifact } from '../../evidence/runner-artifact.js';
import { existingSession, type WorkerSession } from '../worker/session.js';

async function sessionFor(task: RunnerTask): Promise<WorkerSession | undefined> {
  if (task.type !== 'test') return undefined;
  return existingSession()?.catch(() => undefined);
}

export default class DroidproofRunner extends TestRunner {
  override async onBeforeTryTask(test: RunnerTask, options?: { retry: number }): Promise<void> {
    super.onBeforeTryTask(test);
    const session = await sessionFor(test);
    await session?.beginTest({
      name: test.fullTestName ?? test.name,
      path: test.file.filepath,
      attempt: (options?.retry ?? 0) + 1,
    });
  }

  async onTaskFinished(test: RunnerTestCase): Promise<void> {
    const session = await sessionFor(test);
    if (!session) return;
    const failed = test.result?.state === 'fail';
    const message = test.result?.errors?.map((error) => error.message).join('\n');
    const evidence = await session.endTest(failed ? 'failed' : 'passed', message);
    const artifact = evidence && evidenceArtifact(evidence);
    if (artifact) await recordArtifact(test, artifact);
  }
}
