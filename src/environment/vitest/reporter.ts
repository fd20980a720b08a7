/**
 * The reporter the plugin adds: droidproof's HTML and JUnit report, then one
 * line naming where it is, and any worker that died holding a device (also
 * shown in the report as a run incident).
 */
import type { TestModule } from 'vitest/node';
import type { RunIncident } from '../../evidence/report/run-model.js';
import { DroidproofReporter } from '../../evidence/report/vitest-reporter.js';
import { runSummary } from '../report-location.js';
import { runIncidents } from '../run.js';

export class DroidproofRunReporter extends DroidproofReporter {
  protected override incidents(): RunIncident[] {
    return runIncidents();
  }

  override async onTestRunEnd(modules: ReadonlyArray<TestModule>): Promise<void> {
    await super.onTestRunEnd(modules);
    process.stdout.write(runSummary(this.lastReport));
  }
}
