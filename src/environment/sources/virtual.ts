/**
 * The `virtual` source: N virtual devices with the test apps installed,
 * served by the farm's own adb host front end (no adb binary needed), or
 * registered with a running real adb server.
 */

import { TEST_APPS } from '../../../test-apps/index.js';
import type { AppDefinition } from '../../virtual-device/android/index.js';
import { startVirtualFarm } from '../../virtual-device/farm.js';
import type { DeviceProvider } from './provider.js';

export interface VirtualSourceOptions {
  count: number;
  adbServerPort?: number;
  /** App models to install; default the test apps. */
  apps?: readonly AppDefinition[];
}

export function virtualSource(options: VirtualSourceOptions): DeviceProvider {
  return {
    name: 'virtual',
    async start({ operatorPackage, dialect }) {
      const apps = [...(options.apps ?? TEST_APPS)];
      const farm = await startVirtualFarm({
        devices: options.count,
        adbServerPort: options.adbServerPort,
        // The Operator package the run talks to is the one installed (one variant, as on a phone).
        device: { apps, operator: { dialect, packages: [operatorPackage] } },
      });
      const viaServer = options.adbServerPort !== undefined;
      return {
        devices: farm.devices.map((device) => ({
          serial: viaServer ? device.adbServerSerial : device.serial,
          adbHost: viaServer ? '127.0.0.1' : farm.adbHost,
          adbPort: options.adbServerPort ?? farm.adbPort,
          adbServer: viaServer ? 'adb' : 'droidproof',
          operatorPackage,
          dialect,
          model: 'droidproof virtual device',
          source: 'virtual',
        })),
        stop: () => farm.stop(),
      };
    },
  };
}
