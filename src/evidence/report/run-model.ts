/**
 * The one run model both reporters build (Vitest and Jest) and every output
 * (HTML, JUnit XML) renders.
 */
import type { Manifest } from '../manifest.js';

/** Final outcome of a test: `flaky` means it failed at least once and then passed on a retry. */
export type TestOutcome = 'passed' | 'failed' | 'flaky' | 'skipped';

/** A bundle on disk, joined to the test attempt that produced it. */
export interface BundleRef {
  /** Absolute bundle directory. */
  dir: string;
  manifest: Manifest;
}

export interface TestRecord {
  /** Absolute test file path. */
  file: string;
  /** Full test name (describe titles and test title). */
  name: string;
  outcome: TestOutcome;
  durationMs: number;
  /** Number of attempts (1 without retries). */
  attempts: number;
  /** Error messages (with stacks) of the final failure, or of the failed attempts of a flaky test. */
  errors: string[];
  /** Bundles of every attempt, in attempt order. */
  bundles: BundleRef[];
  /** The shard that ran it, in a report merged from shards (`droidproof merge-reports`). */
  shard?: ShardRef;
}

/** One shard of a sharded run (`--shard index/total`), 1-based. */
export interface ShardRef {
  index: number;
  total: number;
}

/**
 * Something that happened to the run rather than to one test's assertions,
 * e.g. a worker killed mid-test. Reports show every incident prominently.
 */
export interface RunIncident {
  /**
   * `worker-died`: a worker was killed mid-test; `device-reconnected` / `device-quarantined`: a remote
   * device dropped and was reconnected, or was taken out of the run; `shard-missing`: a merged report
   * lacks a shard of the run.
   */
  kind: 'worker-died' | 'device-reconnected' | 'device-quarantined' | 'shard-missing';
  /** One line a person can act on. */
  message: string;
  /** Full name of the test that was running, when known. */
  test?: string;
  /** The typed error code behind it, when there is one (e.g. REMOTE_DEVICE_UNREACHABLE). */
  code?: string;
  /** The device it concerns (serial), when it concerns one. */
  device?: string;
}

export interface RunModel {
  runner: 'vitest' | 'jest';
  /** Root the report shows file paths relative to. */
  rootDir: string;
  startedAt: string;
  durationMs: number;
  tests: TestRecord[];
  /** Run-level incidents (absent or empty when none). */
  incidents?: RunIncident[];
  /** The shard this run was (`--shard`), or in a merged report every shard merged. */
  shards?: ShardRef[];
}

export interface RunSummary {
  total: number;
  passed: number;
  failed: number;
  flaky: number;
  skipped: number;
}

export function summarize(model: RunModel): RunSummary {
  const count = (outcome: TestOutcome) => model.tests.filter((t) => t.outcome === outcome).length;
  return {
    total: model.tests.length,
    passed: count('passed'),
    failed: count('failed'),
    flaky: count('flaky'),
    skipped: count('skipped'),
  };
}

/** Outcome from the runner's final state and whether an earlier attempt failed. */
export function outcomeOf(state: 'passed' | 'failed' | 'skipped', failedBefore: boolean): TestOutcome {
  if (state === 'passed' && failedBefore) return 'flaky';
  return state;
}
