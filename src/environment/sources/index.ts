import type { DeviceSourceOptions } from '../options.js';
import { adbSource } from './adb.js';
import type { DeviceProvider } from './provider.js';
import { remoteSource } from './remote.js';
import { virtualSource } from './virtual.js';

export type { DeviceProvider, OperatorChoice, ProvidedDevices } from './provider.js';
export { adbSource, remoteSource, virtualSource };

/** The provider for the configured source. */
export function deviceProvider(options: DeviceSourceOptions): DeviceProvider {
  switch (options.source) {
    case 'virtual':
      return virtualSource(options);
    case 'remote':
      return remoteSource(options);
    case 'adb':
      return adbSource(options);
  }
}
