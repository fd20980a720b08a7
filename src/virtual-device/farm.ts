import { DroidproofError } from '../contract/errors.js';
import { type Adbd, startAdbd } from './adb/adbd.js';
import { AdbDevice, type AuthMode } from './adb/device.js';
import type { DeviceFaults } from './adb/faults.js';
import { type AdbHost, startAdbHost } from './adb/host-server.js';
import { DeviceRegistry } from './adb/registry.js';
import { queryAdbServer } from './adb/server-client.js';
import type { WorkCounter } from './adb/work-counter.js';
import { PeerChannel } from './android/system/peers.js';
import { createVirtualDevice, type VirtualDeviceOptions } from './device.js';
import type { DeviceServices } from './services.js';

/** Builds one device; `peers` is the farm's channel between its devices, for a virtual Android to join. */
export type CreateDevice = (
  serial: string,
  farm: { peers: PeerChannel },
) => DeviceServices | Promise<DeviceServices>;

export interface VirtualFarmOptions {
  /** How many devices; serials are `virtual-5554`, `virtual-5556`, ... */
  devices: number;
  /** Builds each device. Defaults to `createVirtualDevice` from the virtual-device composition. */
  createDevice?: CreateDevice;
  /** Options of every default device (apps, Operator dialect, variant and version); not with `createDevice`. */
  device?: Omit<VirtualDeviceOptions, 'serial'>;
  /** A running real adb server (on 127.0.0.1) to register every device with by `host:connect`. */
  adbServerPort?: number;
  /** How each adbd answers the host's CNXN (default `none`). */
  auth?: AuthMode;
  /** Banner features for every device (default: everything this adbd implements). */
  features?: readonly string[];
}

/** One device of the farm. */
export interface FarmDevice {
  /** The serial the farm's host front end (and `getprop ro.serialno`) uses. */
  readonly serial: string;
  /** The device's own adbd port on 127.0.0.1. */
  readonly adbdPort: number;
  /** The serial the real adb server shows after `host:connect`: `127.0.0.1:<adbdPort>`. */
  readonly adbServerSerial: string;
  readonly services: DeviceServices;
  /** Output faults: delay, corrupt, stall shells, kill connections. */
  readonly faults: DeviceFaults;
  /** What clients made the device do (adb commands, shell programs) since start or `work.reset()`. */
  readonly work: WorkCounter;
  /**
   * Unplugs the device: its connections drop and new ones are refused. The
   * host front end stops listing it (with `listed`, it shows `offline`);
   * a real adb server shows it `offline` and reconnects after `goOnline()`.
   */
  goOffline(options?: { listed?: boolean }): void;
  goOnline(): void;
}

export interface VirtualFarm {
  /** The host front end (adb smart-socket protocol): point adbkit or `adb -P` here. */
  readonly adbHost: string;
  readonly adbPort: number;
  readonly devices: readonly FarmDevice[];
  /** Closes every socket and server the farm opened, and disconnects its devices from the real adb server. */
  stop(): Promise<void>;
}

/** The first serial's number, like the first emulator's console port. */
const FIRST_PORT = 5554;

function defaultCreateDevice(options: Omit<VirtualDeviceOptions, 'serial'> = {}): CreateDevice {
  return (serial, { peers }) => createVirtualDevice({ ...options, serial, peers });
}

/**
 * Starts N virtual devices, each with its own adbd, plus one adb host front
 * end that serves them all; optionally registers them with a real adb server.
 */
export async function startVirtualFarm(options: VirtualFarmOptions): Promise<VirtualFarm> {
  if (options.createDevice && options.device) {
    throw new DroidproofError(
      'VIRTUAL_DEVICE_OPTIONS_INVALID',
      'pass either createDevice or device options, not both',
    );
  }
  const create = options.createDevice ?? defaultCreateDevice(options.device);
  const registry = new DeviceRegistry();
  // What one device's app sends with `ctx.sendToPeers` reaches the same app on the others.
  const peers = new PeerChannel();
  const adbds: Adbd[] = [];
  const devices: FarmDevice[] = [];
  let host: AdbHost | undefined;
  const adbServer =
    options.adbServerPort === undefined ? undefined : { host: '127.0.0.1', port: options.adbServerPort };

  const stop = async () => {
    if (adbServer) {
      await Promise.all(
        devices.map((device) =>
          queryAdbServer(adbServer, `host:disconnect:${device.adbServerSerial}`).catch(() => ''),
        ),
      );
    }
    await Promise.all([host?.close(), ...adbds.map((adbd) => adbd.close())]);
  };

  try {
    for (let index = 0; index < options.devices; index++) {
      const services = await create(`virtual-${FIRST_PORT + 2 * index}`, { peers });
      const device = new AdbDevice(services, { auth: options.auth, features: options.features });
      const adbd = await startAdbd(device);
      adbds.push(adbd);
      registry.add(device, adbd.port);
      devices.push({
        serial: device.serial,
        adbdPort: adbd.port,
        adbServerSerial: `127.0.0.1:${adbd.port}`,
        services,
        faults: device.faults,
        work: device.work,
        goOffline: (offline) => device.goOffline(offline),
        goOnline: () => device.goOnline(),
      });
    }
    host = await startAdbHost(registry);
    if (adbServer) {
      // With auth `never` the server answers `failed to authenticate`: the device is then listed `unauthorized`.
      for (const device of devices) await queryAdbServer(adbServer, `host:connect:${device.adbServerSerial}`);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { adbHost: host.host, adbPort: host.port, devices, stop };
}
