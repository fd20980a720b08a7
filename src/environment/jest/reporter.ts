/** `droidproof/reporter/jest`: droidproof's Jest reporter, then one line naming where the report is. */
import type { AggregatedResult } from '@jest/reporters';
import type { Config } from '@jest/types';
import { DroidproofJestReporter } from '../../evidence/report/jest-reporter.js';
import type { RunIncident } from '../../evidence/report/run-model.js';
import type { ReportOptions } from '../../evidence/report/write-report.js';
import { outputDirOption } from '../options.js';
import { runSummary } from '../report-location.js';
import { runIncidents } from '../run.js';

export default class DroidproofRunJestReporter extends DroidproofJestReporter {
  constructor(globalConfig: Pick<Config.GlobalConfig, 'rootDir'>, options: ReportOptions = {}) {
    super(globalConfig, { ...options, outputDir: outputDirOption(options.outputDir) });
  }

  protected override incidents(): RunIncident[] {
    return runIncidents();
  }

  override async onRunComplete(contexts: unknown, aggregated: AggregatedResult): Promise<void> {
    await super.onRunComplete(contexts, aggregated);
    process.stdout.write(runSummary(this.lastReport));
  }
}
