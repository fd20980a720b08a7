/** `droidproof/reporter/jest`: droidproof's Jest reporter, then one line naming where the report is. */
import type { AggregatedResult } from '@jest/reporters';
import type { Config } from '@jest/types';
import { DroidproofJestReporter } from '../../evidence/report/jest-reporter.js';
import type { RunIncident } from '../../evidence/report/run-model.js';
import type { ReportOptions } from '../../evidence/report/write-report.js';
import { outputDirOption, parseOptions } from '../options.js';
import { runSummary } from '../report-location.js';
import { runIncidents } from '../run.js';

/** What Jest hands `onRunComplete`: one context per project, with its config. */
type ProjectContexts = Iterable<{ config?: { testEnvironmentOptions?: Record<string, unknown> } }>;

export default class DroidproofRunJestReporter extends DroidproofJestReporter {
  constructor(
    globalConfig: Pick<Config.GlobalConfig, 'rootDir'> & Partial<Pick<Config.GlobalConfig, 'shard'>>,
    private readonly explicit: ReportOptions = {},
  ) {
    super(globalConfig, explicit);
  }

  /**
   * The report goes where the workers wrote the bundles: the reporter's own
   * `outputDir` if given, else the project's `evidence.outputDir`, else the default.
   */
  protected override reportOptions(contexts: unknown): ReportOptions {
    const project = [...((contexts as ProjectContexts | undefined) ?? [])].find(
      (context) => context.config?.testEnvironmentOptions?.droidproof !== undefined,
    );
    const configured = project
      ? parseOptions(project.config?.testEnvironmentOptions?.droidproof).evidence.outputDir
      : undefined;
    return { ...this.explicit, outputDir: this.explicit.outputDir ?? outputDirOption(configured) };
  }

  protected override incidents(): RunIncident[] {
    return runIncidents();
  }

  override async onRunComplete(contexts: unknown, aggregated: AggregatedResult): Promise<void> {
    await super.onRunComplete(contexts, aggregated);
    process.stdout.write(runSummary(this.lastReport));
  }
}
