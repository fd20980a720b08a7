/** `droidproof/reporter/jest`: droidproof's Jest reporter, then one line naming where the report is. */
import type { AggregatedResult } from '@jest/reporters';
import { DroidproofJestReporter } from '../../evidence/report/jest-reporter.js';
import { runSummary } from '../report-location.js';

export default class DroidproofRunJestReporter extends DroidproofJestReporter {
  override async onRunComplete(contexts: unknown, aggregated: AggregatedResult): Promise<void> {
    await super.onRunComplete(contexts, aggregated);
    process.stdout.write(runSummary(this.lastReport));
  }
}
