import type { DeviceSourceOptions } from '../options.js';
import { adbSource } from './adb.js';
import type { DeviceProvider } from './provider.js';
import { virtualSource } from './virtual.js';

export type { DeviceProvider, OperatorChoice, ProvidedDevices } from './provider.js';
export { adbSource, virtualSource };

/** The provider for the configured source. */
export function deviceProvider(options: DeviceSourceOptions): DeviceProvider {
  return options.source === 'virtual' ? virtualSource(options) : adbSource(options);
}
