/**
 * Per-test evidence bookkeeping for the runner integrations: the test's
 * window starts at `start`, a matcher failure captures at once (`capture`),
 * and `finish` captures per the mode unless the attempt already has a bundle.
 * Nothing here throws: evidence never changes a verdict.
 *
 *     const evidence = new TestEvidence({ source, mode: 'on-failure' });
 *     evidence.start({ testName, testPath, attempt });         // beforeEach / test_start
 *     withMatcherSettings(device, { onFailure: ({ failure }) => evidence.capture('failed', failure) });
 *     await evidence.finish(verdict, errorMessage);             // onTestFailed / test_fn_failure
 */
import { type CaptureResult, captureEvidence } from './capture.js';
import type { FailureReport } from './failure.js';
import type { EvidenceContext } from './manifest.js';
import { type EvidenceMode, shouldCapture } from './mode.js';
import type { EvidenceSource } from './source.js';

export interface TestEvidenceOptions {
  source: EvidenceSource;
  /** Default `on-failure`. */
  mode?: EvidenceMode;
  /** Bundles root; default `defaultEvidenceRoot()`. */
  root?: string;
  applicationId?: string;
  label?: string;
  timeoutMs?: number;
}

export interface TestIdentity {
  testName: string;
  testPath?: string;
  /** 1-based attempt. */
  attempt: number;
}

export class TestEvidence {
  private test: TestIdentity | undefined;
  private startedAtMs = 0;
  private captured: CaptureResult | undefined;

  constructor(private readonly options: TestEvidenceOptions) {}

  /** Starts a test attempt's window (forgets the previous attempt's bundle). */
  start(test: TestIdentity): void {
    this.test = test;
    this.startedAtMs = Date.now();
    this.captured = undefined;
  }

  /** The bundle captured for the current attempt, if any. */
  get bundle(): CaptureResult | undefined {
    return this.captured;
  }

  /** Captures now (a matcher's failure moment); once per attempt, later calls return the first bundle. */
  async capture(verdict: 'passed' | 'failed', failure?: FailureReport, failureMessage?: string) {
    if (this.captured || !this.test || this.options.mode === 'off') return this.captured;
    const context: EvidenceContext = {
      ...this.test,
      originalVerdict: verdict,
      testStartedAtMs: this.startedAtMs,
      ...(failureMessage ? { failureMessage } : {}),
    };
    this.captured = await captureEvidence({
      source: this.options.source,
      root: this.options.root,
      label: this.options.label ?? null,
      context,
      failure,
      applicationId: this.options.applicationId,
      timeoutMs: this.options.timeoutMs,
    });
    return this.captured;
  }

  /** Ends the attempt: captures when the mode asks for it and no bundle exists yet. */
  async finish(verdict: 'passed' | 'failed', failureMessage?: string): Promise<CaptureResult | undefined> {
    if (!shouldCapture(this.options.mode ?? 'on-failure', verdict)) return this.captured;
    return this.capture(verdict, undefined, failureMessage);
  }
}
