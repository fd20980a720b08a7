/**
 * One MCP session: its defaults (`configure`), the device it leased through
 * the environment's provider layer (a virtual device with the test apps under
 * `--virtual`, an attached adb device otherwise), and the successful steps
 * that `generate_test` turns into a test.
 */
import { connectDevice } from '../actuator/connect.js';
import type { Device } from '../actuator/device/device.js';
import type { RecordedStep } from '../codegen/test-source.js';
import { type DialectName, resolveDialect, selectOperatorPackage } from '../contract/dialect.js';
import type { DeviceDescriptor } from '../environment/lease/protocol.js';
import { adbSource, type ProvidedDevices, virtualSource } from '../environment/sources/index.js';

export interface McpSessionOptions {
  /** Lease a virtual device with the test apps instead of an attached one. */
  virtual?: boolean;
  adbHost?: string;
  adbPort?: number;
  dialect?: DialectName;
}

export interface SessionDefaults {
  deviceId?: string;
  operatorPackage?: string;
  timeoutMs?: number;
}

interface Lease {
  provided: ProvidedDevices;
  descriptor: DeviceDescriptor;
  device: Device;
}

export class McpSession {
  readonly steps: RecordedStep[] = [];
  private defaults: SessionDefaults = {};
  private lease: Promise<Lease> | undefined;

  constructor(private readonly options: McpSessionOptions = {}) {}

  get settings(): Readonly<SessionDefaults> {
    return this.defaults;
  }

  /** Stores new defaults; a different device or Operator ends the current lease. */
  async configure(update: SessionDefaults): Promise<SessionDefaults> {
    const changesTarget =
      (update.deviceId !== undefined && update.deviceId !== this.defaults.deviceId) ||
      (update.operatorPackage !== undefined && update.operatorPackage !== this.defaults.operatorPackage);
    this.defaults = { ...this.defaults, ...update };
    if (changesTarget) await this.release();
    return this.defaults;
  }

  /** The leased device, leasing it on first use. */
  async device(): Promise<Device> {
    this.lease ??= this.acquire().catch((error: unknown) => {
      this.lease = undefined;
      throw error;
    });
    return (await this.lease).device;
  }

  /** The leased device's descriptor, when a device is leased. */
  async descriptor(): Promise<DeviceDescriptor | undefined> {
    return this.lease === undefined ? undefined : (await this.lease).descriptor;
  }

  /** The adb server of attached devices (`--adb-host`, `--adb-port`). */
  get adbServer(): { adbHost?: string; adbPort?: number } {
    return { adbHost: this.options.adbHost, adbPort: this.options.adbPort };
  }

  get isVirtual(): boolean {
    return this.options.virtual === true;
  }

  record(step: RecordedStep): void {
    this.steps.push(step);
  }

  async release(): Promise<void> {
    const lease = this.lease;
    this.lease = undefined;
    if (lease === undefined) return;
    const settled = await lease.catch(() => undefined);
    settled?.device.close();
    await settled?.provided.stop();
  }

  private async acquire(): Promise<Lease> {
    const dialect = resolveDialect(this.options.dialect);
    const operatorPackage = selectOperatorPackage(dialect, this.defaults.operatorPackage);
    const provider = this.options.virtual
      ? virtualSource({ count: 1 })
      : adbSource({
          adbHost: this.options.adbHost,
          adbPort: this.options.adbPort,
          serials: this.defaults.deviceId ? [this.defaults.deviceId] : undefined,
        });
    const provided = await provider.start({ operatorPackage, dialect: dialect.name });
    try {
      const descriptor = provided.devices[0]!;
      const device = await connectDevice({
        adbHost: descriptor.adbHost,
        adbPort: descriptor.adbPort,
        serial: descriptor.serial,
        operatorPackage: descriptor.operatorPackage,
        dialect: descriptor.dialect,
      });
      return { provided, descriptor, device };
    } catch (error) {
      await provided.stop();
      throw error;
    }
  }
}
