/**
 * The devices a serve process drives. Connections (and their logcat readers
 * and readiness caches) are kept between requests, which is what makes the
 * daemon faster than a fresh CLI; a host-side failure drops the connection so
 * the next request reconnects. One execution per device at a time: a second
 * one gets EXECUTION_CONFLICT_IN_FLIGHT instead of queueing behind the first.
 */
import { connectDevice } from '../actuator/connect.js';
import type { Device } from '../actuator/device/device.js';
import type { ExecutionResult } from '../actuator/execution/engine.js';
import type { DialectName } from '../contract/dialect.js';
import { DroidproofError } from '../contract/errors.js';
import type { Execution } from '../contract/execution.js';

export interface AdbTarget {
  adbHost?: string;
  adbPort?: number;
  dialect?: DialectName;
}

export interface DeviceRequest {
  deviceId?: string;
  operatorPackage?: string;
}

export class DeviceSessions {
  private readonly devices = new Map<string, Promise<Device>>();
  private readonly inFlight = new Set<string>();

  constructor(private readonly target: AdbTarget = {}) {}

  /** Runs a validated execution; host-side failures throw, failed envelopes resolve. */
  async run(request: DeviceRequest, execution: Execution): Promise<ExecutionResult> {
    const key = `${request.deviceId ?? ''}\u0000${request.operatorPackage ?? ''}`;
    const device = await this.device(key, request);
    if (this.inFlight.has(device.serial)) {
      throw new DroidproofError(
        'EXECUTION_CONFLICT_IN_FLIGHT',
        `Device ${device.serial} is already running an execution`,
        { deviceId: device.serial },
      );
    }
    this.inFlight.add(device.serial);
    try {
      return await device.execute(execution, { allowFailure: true });
    } catch (error) {
      this.drop(key, device);
      throw error;
    } finally {
      this.inFlight.delete(device.serial);
    }
  }

  async close(): Promise<void> {
    const pending = [...this.devices.values()];
    this.devices.clear();
    for (const settled of await Promise.allSettled(pending)) {
      if (settled.status === 'fulfilled') settled.value.close();
    }
  }

  private device(key: string, request: DeviceRequest): Promise<Device> {
    let device = this.devices.get(key);
    if (device === undefined) {
      device = connectDevice({
        ...this.target,
        serial: request.deviceId,
        operatorPackage: request.operatorPackage,
      });
      this.devices.set(key, device);
      device.catch(() => {
        if (this.devices.get(key) === device) this.devices.delete(key);
      });
    }
    return device;
  }

  private drop(key: string, device: Device): void {
    this.devices.delete(key);
    device.close();
  }
}
