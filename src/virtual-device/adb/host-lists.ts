import type { RegisteredDevice } from './registry.js';

/** adb's `sanitize()`: keeps letters, digits, `-` and `_`. */
const sanitize = (text: string) => text.replace(/[^A-Za-z0-9_-]/g, '_');

/** `host:devices` (`serial\tstate`) or `host:devices-l` lines, as the real server prints them. */
export function formatDeviceList(devices: readonly RegisteredDevice[], long: boolean): string {
  return devices
    .map(({ device, transportId }) => {
      if (!long) return `${device.serial}\t${device.state}\n`;
      const { name, model, device: board } = device.services.product;
      const details =
        device.state === 'device'
          ? ` product:${sanitize(name)} model:${sanitize(model)} device:${sanitize(board)}`
          : '';
      return `${device.serial.padEnd(22)} ${device.state}${details} transport_id:${transportId}\n`;
    })
    .join('');
}

/** Features of adb 29.0.6's host side; a device's features are reported intersected with these. */
export const HOST_FEATURES: readonly string[] = [
  'shell_v2',
  'cmd',
  'stat_v2',
  'ls_v2',
  'fixed_push_mkdir',
  'apex',
  'abb',
  'fixed_push_symlink_timestamp',
  'abb_exec',
  'remount_shell',
];
