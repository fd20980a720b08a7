/**
 * The `adb` source: every attached device in state `device` on an adb
 * server, narrowed by serials, `ANDROID_SERIAL`, or a predicate.
 */
import { AdbTransport } from '../../actuator/adb/transport.js';
import { LeaseError, LeaseErrorCode } from '../lease/errors.js';
import type { AttachedDevice } from '../options.js';
import type { DeviceProvider } from './provider.js';

export interface AdbSourceOptions {
  adbHost?: string;
  adbPort?: number;
  serials?: readonly string[];
  filter?: (device: AttachedDevice) => boolean;
  env?: NodeJS.ProcessEnv;
}

export function adbSource(options: AdbSourceOptions): DeviceProvider {
  return {
    name: 'adb',
    async start({ operatorPackage, dialect }) {
      const transport = new AdbTransport({ adbHost: options.adbHost, adbPort: options.adbPort });
      const attached = await transport.listDevices();
      const androidSerial = (options.env ?? process.env).ANDROID_SERIAL;
      const wanted = options.serials ?? (androidSerial ? [androidSerial] : undefined);
      const chosen = attached.filter(
        (device) =>
          device.state === 'device' &&
          (wanted === undefined || wanted.includes(device.serial)) &&
          (options.filter?.(device) ?? true),
      );
      if (chosen.length === 0) {
        throw new LeaseError(
          LeaseErrorCode.NO_DEVICES,
          `no attached device matches (adb server ${transport.address.host}:${transport.address.port}${wanted ? `, serials ${wanted.join(', ')}` : ''})`,
          { attached, serials: wanted },
        );
      }
      return {
        devices: chosen.map((device) => ({
          serial: device.serial,
          adbHost: transport.address.host,
          adbPort: transport.address.port,
          operatorPackage,
          dialect,
          source: 'adb',
        })),
        stop: async () => {},
      };
    },
  };
}
