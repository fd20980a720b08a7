/**
 * A worker's hold on one device: the broker connection, the lease, the
 * connected `Device`, and the test attempt in progress. One session per
 * worker (process or thread), kept on `globalThis` so every module instance
 * the runner loads (environment, fixtures, runner, setup files) shares it.
 */
import type { DeviceShell } from '../../actuator/adb/device-shell.js';
import { AdbTransport } from '../../actuator/adb/transport.js';
import { connectDevice } from '../../actuator/connect.js';
import type { CaptureResult } from '../../evidence/capture.js';
import type { FailureReport } from '../../evidence/failure.js';
import { traceRecords, traceRetained } from '../../evidence/trace.js';
import { idleHolder, runningHolder, waitingHolder } from '../holder.js';
import type { Lease } from '../lease/client.js';
import { LeaseClient } from '../lease/client.js';
import { LeaseError, LeaseErrorCode } from '../lease/errors.js';
import { BROKER_ADDRESS_ENV } from '../lease/protocol.js';
import { readWorkerRuntime, type WorkerRuntime } from '../options.js';
import { captureTestEvidence } from './evidence.js';
import { resetForTest } from './hygiene.js';
import { type TestDevice, toTestDevice } from './test-device.js';

/** Who the test is, in the names the reporters join bundles on. */
export interface TestIdentity {
  /** Full test name: Vitest `fullTestName`, Jest `fullName`. */
  name: string;
  /** Absolute test file path. */
  path: string;
  /** 1-based attempt (retries count up). */
  attempt: number;
}

export interface TestAttempt extends TestIdentity {
  startedAtMs: number;
  /** The device timeline's position when the attempt started. */
  timelineMark: number;
  /** The bundle of this attempt, once one was captured. */
  evidence?: CaptureResult;
}

export class WorkerSession {
  current: TestAttempt | undefined;
  private readonly filesSeen = new Set<string>();

  private constructor(
    readonly label: string,
    readonly runtime: WorkerRuntime,
    readonly lease: Lease,
    readonly device: TestDevice,
    private readonly shell: DeviceShell,
    private readonly client: LeaseClient,
  ) {}

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
      const { serial, adbHost, adbPort, operatorPackage, dialect } = lease.device;
      const device = await connectDevice({ serial, adbHost, adbPort, operatorPackage, dialect });
      const shell = new AdbTransport({ adbHost, adbPort }).device(serial);
      return new WorkerSession(label, runtime, lease, toTestDevice(device), shell, client);
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

  /** Starts an attempt: names it to the broker, resets the app under test, marks the timeline. */
  async beginTest(test: TestIdentity): Promise<TestAttempt> {
    this.lease.hold(runningHolder(this.label, test.name));
    const firstOfFile = !this.filesSeen.has(test.path);
    this.filesSeen.add(test.path);
    const attempt: TestAttempt = {
      ...test,
      startedAtMs: Date.now(),
      timelineMark: this.device.timeline.mark(),
    };
    this.current = attempt;
    await resetForTest({ device: this.device, shell: this.shell }, this.runtime.app, firstOfFile);
    // Screens start at the test's own first screen, after the reset and launch.
    this.device.trace.begin(traceRecords(this.runtime.traceMode, test.attempt));
    return attempt;
  }

  /**
   * Captures this attempt's failure bundle once (a failing matcher may have
   * captured it already, with its candidates) and returns it.
   */
  async captureFailure(
    message: string | undefined,
    failure?: FailureReport,
  ): Promise<CaptureResult | undefined> {
    const attempt = this.current;
    if (!attempt || this.runtime.evidenceMode === 'off') return undefined;
    attempt.evidence ??= await captureTestEvidence(this, attempt, { verdict: 'failed', message, failure });
    return attempt.evidence;
  }

  /**
   * Captures what the attempt's outcome calls for, once: the failure bundle,
   * or with evidence mode `always` a passing attempt's bundle too. Returns the
   * attempt's bundle, if it has one.
   */
  async settle(verdict: 'passed' | 'failed', message?: string): Promise<CaptureResult | undefined> {
    const attempt = this.current;
    if (!attempt) return undefined;
    if (verdict === 'failed') return this.captureFailure(message);
    if (
      this.runtime.evidenceMode === 'always' ||
      traceRetained(this.runtime.traceMode, attempt.attempt, verdict)
    ) {
      attempt.evidence ??= await captureTestEvidence(this, attempt, { verdict, message });
    }
    return attempt.evidence;
  }

  /** Ends the attempt: the lease is idle until the next one begins. */
  endTest(): void {
    this.current = undefined;
    this.lease.hold(idleHolder(this.label));
  }

  /** Gives the device back and disconnects. */
  async close(): Promise<void> {
    this.device.close();
    await this.lease.release().catch(() => undefined);
    this.client.close();
  }
}

const SESSION = Symbol.for('droidproof.worker-session');
type SessionHolder = { [SESSION]?: Promise<WorkerSession> };

/** The worker's session, opened on first use and shared by every module instance. */
export function workerSession(label: string): Promise<WorkerSession> {
  const holder = globalThis as SessionHolder;
  holder[SESSION] ??= WorkerSession.open(label).catch((error: unknown) => {
    holder[SESSION] = undefined;
    throw error;
  });
  return holder[SESSION];
}

/** The session if one is open or opening (without opening one). */
export function existingSession(): Promise<WorkerSession> | undefined {
  return (globalThis as SessionHolder)[SESSION];
}

/** Closes and forgets the worker's session. */
export async function closeWorkerSession(): Promise<void> {
  const holder = globalThis as SessionHolder;
  const session = holder[SESSION];
  holder[SESSION] = undefined;
  await (await session?.catch(() => undefined))?.close();
}
