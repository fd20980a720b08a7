/**
 * The Jest 30 reporter: one record per test from `onTestResult` (Jest reports
 * the final attempt there, with `invocations` and `retryReasons`), bundles
 * joined from the bundles root, the report written in `onRunComplete`.
 *
 *     // jest.config.js
 *     reporters: ['default', ['droidproof/reporter/jest', { outputDir: 'droidproof-report' }]]
 */
import type { AggregatedResult, Reporter, Test, TestResult } from '@jest/reporters';
import type { Config } from '@jest/types';
import { BundleIndex, scanBundles } from './bundle-index.js';
import { outcomeOf, type RunIncident, type RunModel, type ShardRef, type TestRecord } from './run-model.js';
import { type ReportOptions, resolveReportDirs, type WrittenReport, writeReport } from './write-report.js';

type AssertionResult = TestResult['testResults'][number];

function stateOf(status: AssertionResult['status']): 'passed' | 'failed' | 'skipped' {
  return status === 'passed' || status === 'failed' ? status : 'skipped';
}

export class DroidproofJestReporter
  implements Pick<Reporter, 'onTestResult' | 'onRunComplete' | 'getLastError'>
{
  private readonly rootDir: string;
  private readonly shard: ShardRef | undefined;
  private readonly results: { file: string; assertion: AssertionResult }[] = [];
  private readonly startedAtMs = Date.now();
  private error: Error | undefined;
  /** The files written by the last run; for tests and tooling. */
  lastReport: WrittenReport | undefined;

  constructor(
    globalConfig: Pick<Config.GlobalConfig, 'rootDir'> & Partial<Pick<Config.GlobalConfig, 'shard'>>,
    private readonly options: ReportOptions = {},
  ) {
    this.rootDir = globalConfig.rootDir;
    const { shard } = globalConfig;
    this.shard = shard ? { index: shard.shardIndex, total: shard.shardCount } : undefined;
  }

  onTestResult(_test: Test, testResult: TestResult): void {
    for (const assertion of testResult.testResults)
      this.results.push({ file: testResult.testFilePath, assertion });
  }

  /** The options of this run's report; a subclass may complete them from the run's project config. */
  protected reportOptions(_contexts: unknown): ReportOptions {
    return this.options;
  }

  async onRunComplete(contexts: unknown, aggregated: AggregatedResult): Promise<void> {
    try {
      const options = this.reportOptions(contexts);
      const { outputDir, bundlesDir } = resolveReportDirs(this.rootDir, options);
      const index = new BundleIndex(await scanBundles(bundlesDir));
      const tests: TestRecord[] = this.results.map(({ file, assertion }) => {
        const retried = (assertion.invocations ?? 1) > 1 || (assertion.retryReasons?.length ?? 0) > 0;
        return {
          file,
          name: assertion.fullName,
          outcome: outcomeOf(stateOf(assertion.status), retried),
          durationMs: assertion.duration ?? 0,
          attempts: assertion.invocations ?? 1,
          errors: [
            ...assertion.failureMessages,
            ...(assertion.status === 'passed' ? (assertion.retryReasons ?? []) : []),
          ],
          bundles: index.forTest(file, assertion.fullName),
        };
      });
      const model: RunModel = {
        runner: 'jest',
        rootDir: this.rootDir,
        startedAt: new Date(aggregated.startTime || this.startedAtMs).toISOString(),
        durationMs: Date.now() - (aggregated.startTime || this.startedAtMs),
        tests,
        incidents: this.incidents(),
        ...(this.shard ? { shards: [this.shard] } : {}),
      };
      this.lastReport = await writeReport(model, outputDir, {
        ...options,
        blob: options.blob ?? this.shard !== undefined,
      });
    } catch (error) {
      this.error = error instanceof Error ? error : new Error(String(error));
    }
  }

  /** Run-level incidents for the report; the test environment overrides this with the workers that died. */
  protected incidents(): RunIncident[] {
    return [];
  }

  getLastError(): Error | undefined {
    return this.error;
  }
}

export default DroidproofJestReporter;
