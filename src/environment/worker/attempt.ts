/**
 * One attempt of one test on the worker's device, and the one place where
 * per-attempt work happens. Both runners drive it the same way:
 *
 *   start()           before the test's first hook: the attempt's video starts,
 *                     the on-screen log names the test, the app is reset
 *   useDevices(n)     a multi-device test's set (the worker's device first)
 *   captureFailure()  the failure moment, while the screen still shows it (a
 *                     matcher giving up, a failing hook)
 *   bodyFinished()    the test function ended, afterEach has not run yet
 *   settle()          the attempt's final verdict, after afterEach; exactly once:
 *                     the video joins the bundle, the set's devices go back
 *
 * Each attempt captures at most one evidence bundle per device; every later call returns it.
 */
import type { DeviceShell } from '../../actuator/adb/device-shell.js';
import type { CaptureResult } from '../../evidence/capture.js';
import type { FailureReport } from '../../evidence/failure.js';
import { shouldCapture } from '../../evidence/mode.js';
import { traceRecords, traceRetained } from '../../evidence/trace.js';
import type { TestVideo } from '../../evidence/video/test-video.js';
import type { DeviceSet, SetOwner } from '../multi/device-set.js';
import { openTestDevices } from '../multi/test-devices.js';
import { type AttemptRecord, captureTestEvidence, type EvidenceHost } from './evidence.js';
import { resetForTest } from './hygiene.js';
import { showTestName } from './test-name-panel.js';

export type Verdict = 'passed' | 'failed';

/** Who the test is, in the names the reporters join bundles on. */
export type TestIdentity = Omit<AttemptRecord, 'startedAtMs'>;

/** What an attempt uses of the worker's session. */
export interface AttemptHost extends EvidenceHost, SetOwner {
  readonly shell: DeviceShell;
  /** The device's per-test recorder (`evidence.video`). */
  readonly video: TestVideo;
}

export class TestAttempt {
  readonly startedAtMs = Date.now();
  private bundle: Promise<CaptureResult> | undefined;
  private settled: Promise<CaptureResult | undefined> | undefined;
  private finished = false;
  /** Aborted when the attempt settles, so a set request still waiting is withdrawn. */
  private readonly ended = new AbortController();
  private setRequest: Promise<DeviceSet> | undefined;
  /** The multi-device set, once it is connected. */
  private set: DeviceSet | undefined;

  constructor(
    private readonly host: AttemptHost,
    readonly test: TestIdentity,
    private readonly firstOfFile: boolean,
    private readonly onSettled: (attempt: TestAttempt) => void,
  ) {}

  /**
   * Before the test's first hook: starts the attempt's video, names the test in the on-screen log
   * panel (`evidence.onScreenLog`), resets the app under test (per `app` options), and starts
   * remembering the steps' screens when the trace mode records this attempt.
   */
  async start(): Promise<void> {
    const { host } = this;
    await host.video.begin();
    if (host.runtime.onScreenLog) await showTestName(host.device, this.test.name);
    await resetForTest(host, host.runtime.app, this.firstOfFile);
    // Screens start at the test's own first screen, after the reset and launch.
    host.device.trace.begin(traceRecords(host.runtime.traceMode, this.test.attempt));
  }

  /**
   * The test's `count` devices, the worker's own first, granted all at once; the first call opens
   * the set and later calls share it. `signal` (the runner's) withdraws a request still waiting.
   */
  useDevices(count: number, signal?: AbortSignal): Promise<DeviceSet> {
    const withdraw = signal ? AbortSignal.any([signal, this.ended.signal]) : this.ended.signal;
    this.setRequest ??= openTestDevices(this.host, count, this.test.name, withdraw).then((set) => {
      this.set = set;
      return set;
    });
    return this.setRequest;
  }

  /** The bundles of the set's other devices, in device order (empty for a one-device test). */
  async setBundles(): Promise<CaptureResult[]> {
    return (await this.set?.bundles()) ?? [];
  }

  /**
   * The failure moment: captures the failure bundles once (unless evidence is off) and returns the
   * one of the device the failure was observed on (`received`: a device or a locator).
   */
  captureFailure(
    message: string | undefined,
    failure?: FailureReport,
    received?: unknown,
  ): Promise<CaptureResult | undefined> {
    return this.capture('failed', message, failure, received);
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
    this.settled ??= this.finish(verdict, message).finally(() => this.onSettled(this));
    return this.settled;
  }

  private async finish(verdict: Verdict, message: string | undefined): Promise<CaptureResult | undefined> {
    this.ended.abort();
    const bundle = await this.capture(verdict, message);
    this.finished = true;
    const withVideo = await this.host.video.end(bundle, verdict);
    if (withVideo) this.bundle = Promise.resolve(withVideo);
    await this.set?.close();
    return withVideo;
  }

  private async capture(
    verdict: Verdict,
    message: string | undefined,
    failure?: FailureReport,
    received?: unknown,
  ): Promise<CaptureResult | undefined> {
    // A kept passing video (`evidence.video: 'always'`) or trace needs a bundle to live in.
    const { runtime, video } = this.host;
    const wanted =
      shouldCapture(runtime.evidenceMode, verdict) ||
      video.keepsPassing ||
      traceRetained(runtime.traceMode, this.test.attempt, verdict);
    if (this.finished || !wanted) return this.bundle;
    const record = { ...this.test, startedAtMs: this.startedAtMs };
    // A failure observed on another device of the set is drawn on that device's bundle only.
    const elsewhere = this.set?.owns(received) === true;
    this.bundle ??= captureTestEvidence(this.host, record, {
      verdict,
      message,
      failure: elsewhere ? undefined : failure,
    });
    const observed = await this.set?.capture({ verdict, message, failure, received }, (member, outcome) =>
      captureTestEvidence(member, record, outcome),
    );
    return observed ?? this.bundle;
  }
}
