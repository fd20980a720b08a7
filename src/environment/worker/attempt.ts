/**
 * One attempt of one test on the worker's device, and the one place where
 * per-attempt work happens. Both runners drive it the same way:
 *
 *   start()           before the test's first hook: the app under test is reset
 *   captureFailure()  the failure moment, while the screen still shows it (a
 *                     matcher giving up, a failing hook)
 *   bodyFinished()    the test function ended, afterEach has not run yet
 *   settle()          the attempt's final verdict, after afterEach; exactly once
 *
 * Each attempt captures at most one evidence bundle; every later call returns it.
 */
import type { DeviceShell } from '../../actuator/adb/device-shell.js';
import { type CaptureResult, captureEvidence } from '../../evidence/capture.js';
import { deviceEvidenceSource } from '../../evidence/device-source.js';
import type { FailureReport } from '../../evidence/failure.js';
import { shouldCapture } from '../../evidence/mode.js';
import type { TestVideo } from '../../evidence/video/test-video.js';
import type { WorkerRuntime } from '../options.js';
import { resetForTest } from './hygiene.js';
import type { TestDevice } from './test-device.js';
import { showTestName } from './test-name-panel.js';

export type Verdict = 'passed' | 'failed';

/** Who the test is, in the names the reporters join bundles on. */
export interface TestIdentity {
  /** Full test name: Vitest `fullTestName`, Jest `fullName`. */
  name: string;
  /** Absolute test file path. */
  path: string;
  /** 1-based attempt (retries count up). */
  attempt: number;
}

/** What an attempt uses of the worker's session. */
export interface AttemptHost {
  readonly label: string;
  readonly serial: string;
  readonly operatorVersion: string | undefined;
  readonly runtime: WorkerRuntime;
  readonly device: TestDevice;
  readonly shell: DeviceShell;
  /** The device's per-test recorder (`evidence.video`). */
  readonly video: TestVideo;
}

export class TestAttempt {
  readonly startedAtMs = Date.now();
  private bundle: Promise<CaptureResult> | undefined;
  private settled: Promise<CaptureResult | undefined> | undefined;

  constructor(
    private readonly host: AttemptHost,
    readonly test: TestIdentity,
    private readonly firstOfFile: boolean,
    private readonly onSettled: (attempt: TestAttempt) => void,
  ) {}

  /**
   * Before the test's first hook: starts the attempt's video, names the test in the on-screen log
   * panel (`evidence.onScreenLog`), and resets the app under test (per `app` options).
   */
  async start(): Promise<void> {
    await this.host.video.begin();
    if (this.host.runtime.onScreenLog) await showTestName(this.host.device, this.test.name);
    await resetForTest(this.host, this.host.runtime.app, this.firstOfFile);
  }

  /** The failure moment: captures the failure bundle once (unless evidence is off) and returns it. */
  captureFailure(message: string | undefined, failure?: FailureReport): Promise<CaptureResult | undefined> {
    return this.capture('failed', message, failure);
  }

  /** The test function ended (afterEach has not run): captures what its verdict calls for. */
  bodyFinished(verdict: Verdict, message?: string): Promise<CaptureResult | undefined> {
    return this.capture(verdict, message);
  }

  /**
   * The attempt's final verdict, after afterEach: a failure that only afterEach caused is captured
   * now (the screen is what afterEach left). Ends the attempt; later calls return the same bundle.
   */
  settle(verdict: Verdict, message?: string): Promise<CaptureResult | undefined> {
    this.settled ??= this.capture(verdict, message)
      .then((bundle) => this.endVideo(bundle, verdict))
      .finally(() => this.onSettled(this));
    return this.settled;
  }

  /** Ends the attempt's video; when its mode keeps it, the clips join the bundle. */
  private async endVideo(
    bundle: CaptureResult | undefined,
    verdict: Verdict,
  ): Promise<CaptureResult | undefined> {
    const withVideo = await this.host.video.end(bundle, verdict);
    if (withVideo) this.bundle = Promise.resolve(withVideo);
    return withVideo;
  }

  private async capture(
    verdict: Verdict,
    message: string | undefined,
    failure?: FailureReport,
  ): Promise<CaptureResult | undefined> {
    // A kept passing video (`evidence.video: 'always'`) needs a bundle to live in.
    const wanted = shouldCapture(this.host.runtime.evidenceMode, verdict) || this.host.video.keepsPassing;
    if (!this.bundle && !this.settled && wanted) {
      this.bundle = this.write(verdict, message, failure);
    }
    return this.bundle;
  }

  private write(
    verdict: Verdict,
    message: string | undefined,
    failure?: FailureReport,
  ): Promise<CaptureResult> {
    const { host, test } = this;
    return captureEvidence({
      source: deviceEvidenceSource(host.device, { operatorVersion: host.operatorVersion }),
      root: host.runtime.bundlesDir,
      label: `${test.name} on ${host.serial}`,
      applicationId: host.runtime.app?.applicationId,
      failure,
      context: {
        testName: test.name,
        testPath: test.path,
        attempt: test.attempt,
        originalVerdict: verdict,
        failureMessage: message,
        testStartedAtMs: this.startedAtMs,
        deviceSerial: host.serial,
        worker: host.label,
      },
    });
  }
}
