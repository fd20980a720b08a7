/**
 * A worker's hold on one device: the broker connection, the lease, the
 * connected `Device` (with the matcher settings of this run), and the test
 * attempt in progress. Whoever opens a session owns it and closes it: the
 * Vitest environment or `lease` fixture, the Jest environment.
 */
import type { DeviceShell } from '../../actuator/adb/device-shell.js';
import type { Device } from '../../actuator/device/device.js';
import type { FailureReport } from '../../evidence/failure.js';
import { TestVideo } from '../../evidence/video/test-video.js';
import type { MatcherSettings } from '../../matchers/settings.js';
import { idleHolder, runningHolder, waitingHolder } from '../holder.js';
import type { Lease } from '../lease/client.js';
import { LeaseClient } from '../lease/client.js';
import { LeaseError, LeaseErrorCode } from '../lease/errors.js';
import { BROKER_ADDRESS_ENV } from '../lease/protocol.js';
import { connectLeasedDevice } from '../multi/leased-device.js';
import { readWorkerRuntime, type WorkerRuntime } from '../options.js';
import { type AttemptHost, TestAttempt, type TestIdentity } from './attempt.js';
import { type TestDevice, toTestDevice } from './test-device.js';

function failureMessage(failure: FailureReport): string {
  return `${failure.matcher}: expected ${failure.expected}, observed ${failure.observed}`;
}

export class WorkerSession implements AttemptHost {
  readonly device: TestDevice;
  /** The wait and evidence hook of every device this session drives (its own and a test's set). */
  readonly matcherSettings: Partial<MatcherSettings>;
  private attempt: TestAttempt | undefined;
  private readonly filesSeen = new Set<string>();
  readonly video: TestVideo;

  private constructor(
    readonly label: string,
    readonly runtime: WorkerRuntime,
    readonly lease: Lease,
    device: Device,
    readonly shell: DeviceShell,
    /** The worker's broker connection: a multi-device test's set is requested on it. */
    readonly client: LeaseClient,
  ) {
    // The devices' matchers wait the configured time and, when one gives up, capture the running
    // attempt's bundles at that moment (with its candidates drawn on the observed device's screenshot).
    this.matcherSettings = {
      timeout: runtime.matcherMs,
      onFailure: async ({ failure, received }) =>
        this.attempt?.captureFailure(failureMessage(failure), failure, received),
    };
    this.device = toTestDevice(device, this.matcherSettings);
    this.video = new TestVideo(shell, runtime.video);
  }

  /** Connects to the broker, waits for a device and connects to it. */
  static async open(label: string, env: NodeJS.ProcessEnv = process.env): Promise<WorkerSession> {
    const runtime = readWorkerRuntime(env);
    const address = env[BROKER_ADDRESS_ENV];
    if (!address) {
      throw new LeaseError(
        LeaseErrorCode.LEASE_BROKER_UNAVAILABLE,
        `${BROKER_ADDRESS_ENV} is unset: droidproof's global setup did not start the lease broker`,
      );
    }
    const client = await LeaseClient.connect(address, { pid: process.pid, label });
    try {
      const lease = await client.acquire(runtime.leaseMs, waitingHolder(label));
      lease.hold(idleHolder(label));
      const { device, shell } = await connectLeasedDevice(lease.device);
      return new WorkerSession(label, runtime, lease, device, shell, client);
    } catch (error) {
      client.close();
      throw error;
    }
  }

  get serial(): string {
    return this.lease.device.serial;
  }

  /** The Operator's `versionName` as the pool's doctor read it, for evidence manifests. */
  get operatorVersion(): string | undefined {
    return this.lease.device.operatorVersion;
  }

  /**
   * Begins an attempt: names it to the broker and makes it the one the device's matchers capture
   * for. The caller runs `start()` next and `settle()` at the end (see attempt.ts).
   */
  beginTest(test: TestIdentity): TestAttempt {
    this.lease.hold(runningHolder(this.label, test.name));
    const firstOfFile = !this.filesSeen.has(test.path);
    this.filesSeen.add(test.path);
    // An attempt that never settled (its runner skipped the cleanup) leaves no recording running.
    if (this.attempt) this.video.abandon();
    this.attempt = new TestAttempt(this, test, firstOfFile, (settled) => {
      if (this.attempt !== settled) return;
      this.attempt = undefined;
      this.lease.hold(idleHolder(this.label));
    });
    return this.attempt;
  }

  /** Gives the device back and disconnects. */
  async close(): Promise<void> {
    this.device.close();
    await this.lease.release().catch(() => undefined);
    this.client.close();
  }
}
