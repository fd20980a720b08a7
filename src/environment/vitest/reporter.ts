/**
 * The reporter the plugin adds: droidproof's HTML and JUnit report, then one
 * line naming where it is, and any worker that died holding a device.
 */
import type { TestModule } from 'vitest/node';
import { DroidproofReporter } from '../../evidence/report/vitest-reporter.js';
import { runSummary } from '../report-location.js';

export class DroidproofRunReporter extends DroidproofReporter {
  override async onTestRunEnd(modules: ReadonlyArray<TestModule>): Promise<void> {
    await super.onTestRunEnd(modules);
    process.stdout.write(runSummary(this.lastReport));
  }
}
