/**
 * `droidproof/reporter` for Vitest 4.1: collects test cases and their evidence
 * artifacts, then at the end of the run scans the bundles root, builds the run
 * model and writes `index.html` and `junit.xml`.
 *
 *     // vitest.config.ts
 *     reporters: ['default', new DroidproofReporter({ outputDir: 'droidproof-report' })]
 */
import { dirname } from 'node:path';
import type { TestArtifact } from 'vitest';
import type { Reporter, TestCase, TestModule, Vitest } from 'vitest/node';
import { EVIDENCE_ARTIFACT_TYPE } from '../runner-artifact.js';
import { BundleIndex, readBundle, scanBundles } from './bundle-index.js';
import {
  type BundleRef,
  outcomeOf,
  type RunIncident,
  type RunModel,
  type ShardRef,
  type TestRecord,
} from './run-model.js';
import { type ReportOptions, resolveReportDirs, type WrittenReport, writeReport } from './write-report.js';

function errorText(error: { message?: string; stack?: string; name?: string }): string {
  const head = `${error.name ?? 'Error'}: ${error.message ?? ''}`;
  return error.stack?.includes(error.message ?? '\u0000')
    ? error.stack
    : `${head}\n${error.stack ?? ''}`.trim();
}

export class DroidproofReporter implements Reporter {
  private rootDir = process.cwd();
  private startedAtMs = Date.now();
  private shard: ShardRef | undefined;
  private readonly manifests = new Map<string, string[]>();
  /** The files written by the last run; for tests and tooling. */
  lastReport: WrittenReport | undefined;

  constructor(private readonly options: ReportOptions = {}) {}

  onInit(vitest: Vitest): void {
    this.rootDir = vitest.config.root;
    this.startedAtMs = Date.now();
    const { shard } = vitest.config;
    this.shard = shard ? { index: shard.index, total: shard.count } : undefined;
  }

  onTestCaseArtifactRecord(testCase: TestCase, artifact: TestArtifact): void {
    if (artifact.type !== EVIDENCE_ARTIFACT_TYPE) return;
    this.manifests.set(testCase.id, [...(this.manifests.get(testCase.id) ?? []), artifact.manifestPath]);
  }

  async onTestRunEnd(modules: ReadonlyArray<TestModule>): Promise<void> {
    const { outputDir, bundlesDir } = resolveReportDirs(this.rootDir, this.options);
    const index = new BundleIndex(await scanBundles(bundlesDir));
    const tests: TestRecord[] = [];
    for (const module of modules) {
      for (const testCase of module.children.allTests()) {
        tests.push(await this.record(testCase, module.moduleId, index));
      }
    }
    const model: RunModel = {
      runner: 'vitest',
      rootDir: this.rootDir,
      startedAt: new Date(this.startedAtMs).toISOString(),
      durationMs: Date.now() - this.startedAtMs,
      tests,
      incidents: this.incidents(),
      ...(this.shard ? { shards: [this.shard] } : {}),
    };
    this.lastReport = await writeReport(model, outputDir, {
      ...this.options,
      blob: this.options.blob ?? this.shard !== undefined,
    });
  }

  /** Run-level incidents for the report; the test environment overrides this with the workers that died. */
  protected incidents(): RunIncident[] {
    return [];
  }

  private async record(testCase: TestCase, file: string, index: BundleIndex): Promise<TestRecord> {
    const result = testCase.result();
    const diagnostic = testCase.diagnostic();
    const state = result.state === 'pending' ? 'skipped' : result.state;
    const direct = await Promise.all(
      (this.manifests.get(testCase.id) ?? []).map((manifestPath) => readBundle(dirname(manifestPath))),
    );
    const bundles = index.forTest(
      file,
      testCase.fullName,
      direct.filter((b): b is BundleRef => b !== undefined),
    );
    return {
      file,
      name: testCase.fullName,
      outcome: outcomeOf(state, diagnostic?.flaky ?? false),
      durationMs: Math.round(diagnostic?.duration ?? 0),
      attempts: (diagnostic?.retryCount ?? 0) + 1,
      errors: (result.errors ?? []).map(errorText),
      bundles,
    };
  }
}
