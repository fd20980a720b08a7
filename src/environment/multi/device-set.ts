/**
 * The `devices` of one test: the worker's own device first, then the others
 * the broker granted with it, all at once. While the request waits, the
 * worker's own device may be lent to another worker's set (so two workers
 * that each need a second device cannot wait on each other). The other
 * devices are connected for this test only, get the per-test app reset, and
 * go back to the pool when the test ends. A failing test gets one evidence
 * bundle per device; a matcher's failure (its candidates) is drawn on the
 * bundle of the device it observed.
 */
import type { DeviceShell } from '../../actuator/adb/device-shell.js';
import type { CaptureResult } from '../../evidence/capture.js';
import type { FailureReport } from '../../evidence/failure.js';
import type { MatcherSettings } from '../../matchers/settings.js';
import { runningHolder } from '../holder.js';
import type { Lease, LeaseClient } from '../lease/client.js';
import type { WorkerRuntime } from '../options.js';
import type { AttemptOutcome, EvidenceHost } from '../worker/evidence.js';
import { resetForTest } from '../worker/hygiene.js';
import { type TestDevice, toTestDevice } from '../worker/test-device.js';
import { connectLeasedDevice } from './leased-device.js';

/** What a set needs from the worker session that owns it. */
export interface SetOwner {
  readonly label: string;
  readonly runtime: WorkerRuntime;
  readonly client: LeaseClient;
  readonly lease: Lease;
  readonly device: TestDevice;
  readonly shell: DeviceShell;
  /** The settings the set's devices' matchers use: the same wait and evidence hook as the owner's device. */
  readonly matcherSettings: Partial<MatcherSettings>;
}

interface Member {
  device: TestDevice;
  shell: DeviceShell;
  lease: Lease;
}

export interface SetOutcome {
  verdict: 'passed' | 'failed';
  message?: string;
  failure?: FailureReport;
  /** What the failing matcher observed (a device or a locator), when a matcher failed. */
  received?: unknown;
}

/** Writes one member device's bundle for the attempt the set belongs to. */
export type MemberBundleWriter = (member: EvidenceHost, outcome: AttemptOutcome) => Promise<CaptureResult>;

export class DeviceSet {
  /** The set lives for one attempt: each member's bundle is captured once. */
  private readonly captured = new Map<Member, Promise<CaptureResult>>();

  private constructor(
    private readonly owner: SetOwner,
    private readonly members: readonly Member[],
  ) {}

  /**
   * Leases `count - 1` devices to go with the worker's own, waiting up to
   * the lease timeout (or until `signal` aborts), and connects them.
   */
  static async open(owner: SetOwner, count: number, test: string, signal?: AbortSignal): Promise<DeviceSet> {
    if (count === 1) return new DeviceSet(owner, []);
    const holder = runningHolder(owner.label, test);
    const { leases, ownLent } = await owner.client.acquireSet({
      count,
      timeoutMs: owner.runtime.leaseMs,
      holder,
      with: [owner.lease],
      signal,
    });
    const members: Member[] = [];
    try {
      for (const lease of leases) {
        const { device, shell } = await connectLeasedDevice(lease.device);
        members.push({
          lease,
          device: toTestDevice(device, memberSettings(owner.matcherSettings, device)),
          shell,
        });
      }
      // The worker's own device, when another worker's set drove it while this one waited, gets the reset too.
      const targets = [...(ownLent ? [{ device: owner.device, shell: owner.shell }] : []), ...members];
      await Promise.all(targets.map((target) => resetForTest(target, owner.runtime.app, false)));
    } catch (error) {
      await new DeviceSet(owner, members).close();
      await Promise.all(leases.slice(members.length).map((lease) => lease.release().catch(() => undefined)));
      throw error;
    }
    return new DeviceSet(owner, members);
  }

  /** The worker's own device, then the others in pool order. */
  get devices(): readonly TestDevice[] {
    return [this.owner.device, ...this.members.map((m) => m.device)];
  }

  get serials(): string[] {
    return [this.owner.lease.device.serial, ...this.members.map((m) => m.lease.device.serial)];
  }

  /** True when `received` is one of the other devices (a failure its matchers or locators observed). */
  owns(received: unknown): boolean {
    return this.memberOf(received) !== undefined;
  }

  /**
   * Captures the other devices' bundles, once each; a matcher's failure goes only into the bundle
   * of the device it observed. Returns that device's bundle when `received` is one of them.
   */
  async capture(outcome: SetOutcome, write: MemberBundleWriter): Promise<CaptureResult | undefined> {
    const observed = this.memberOf(outcome.received);
    for (const member of this.members) {
      if (this.captured.has(member)) continue;
      const host: EvidenceHost = {
        label: this.owner.label,
        runtime: this.owner.runtime,
        device: member.device,
        serial: member.lease.device.serial,
        operatorVersion: member.lease.device.operatorVersion,
      };
      const failure = member === observed ? outcome.failure : undefined;
      this.captured.set(member, write(host, { verdict: outcome.verdict, message: outcome.message, failure }));
    }
    await Promise.all(this.captured.values());
    return observed ? this.captured.get(observed) : undefined;
  }

  /** The bundles captured so far, in device order. */
  async bundles(): Promise<CaptureResult[]> {
    return Promise.all(this.members.flatMap((member) => this.captured.get(member) ?? []));
  }

  /** Disconnects the other devices and gives them back (to their owner, when they were lent). */
  async close(): Promise<void> {
    for (const member of this.members) member.device.close();
    await Promise.all(this.members.map((member) => member.lease.release().catch(() => undefined)));
  }

  private memberOf(received: unknown): Member | undefined {
    if (typeof received !== 'object' || received === null) return undefined;
    return this.members.find((m) => m.device === received);
  }
}

/**
 * A member device's matcher settings: the owner's wait and evidence hook, told which device observed
 * the failure. Locators inherit their device's settings, so a failing `devices[1].node(...)` is
 * attributed to `devices[1]` too.
 */
function memberSettings(owner: Partial<MatcherSettings>, device: object): Partial<MatcherSettings> {
  const { onFailure } = owner;
  return onFailure
    ? { ...owner, onFailure: (context) => onFailure({ ...context, received: device }) }
    : owner;
}
