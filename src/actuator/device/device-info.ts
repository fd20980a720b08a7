/**
 * Static facts about a device (`device.info()`): serial, model, API level,
 * display and device type. Device type follows the evidence-manifest rule
 * (seed 003 "Bundle files and manifest"): `emulator` when `ro.kernel.qemu` or
 * `ro.boot.qemu` is "1"; `physical` when a parseable property inventory has
 * both absent, empty or "0"; otherwise `unknown`.
 */
import type { DeviceShell } from '../adb/device-shell.js';

export type DeviceType = 'emulator' | 'physical' | 'unknown';

export interface DeviceInfo {
  serial: string;
  model: string | null;
  manufacturer: string | null;
  apiLevel: number | null;
  androidVersion: string | null;
  deviceType: DeviceType;
  deviceTypeProperties: { 'ro.kernel.qemu': string | null; 'ro.boot.qemu': string | null };
  display: { width: number | null; height: number | null; density: number | null };
}

/** Parses `getprop` output (`[key]: [value]` lines). */
export function parseGetprop(output: string): Map<string, string> {
  const props = new Map<string, string>();
  for (const line of output.split('\n')) {
    const match = /^\[(.*?)\]: \[(.*?)\]\r?$/.exec(line);
    if (match) props.set(match[1], match[2]);
  }
  return props;
}

export function classifyDeviceType(props: Map<string, string>): DeviceType {
  if (props.size === 0) return 'unknown';
  const flags = [props.get('ro.kernel.qemu'), props.get('ro.boot.qemu')];
  if (flags.includes('1')) return 'emulator';
  return flags.every((v) => v === undefined || v === '' || v === '0') ? 'physical' : 'unknown';
}

/** `wm size` / `wm density`: an `Override` line wins over the `Physical` one. */
export function parseWmValue(output: string): string | undefined {
  const override = /Override \w+: (\S+)/.exec(output);
  const physical = /Physical \w+: (\S+)/.exec(output);
  return (override ?? physical)?.[1];
}

export async function readDeviceInfo(shell: DeviceShell): Promise<DeviceInfo> {
  const [getprop, size, density] = await Promise.all(
    ['getprop', 'wm size', 'wm density'].map(async (command) => (await shell.exec(command)).toString('utf8')),
  );
  const props = parseGetprop(getprop);
  const prop = (key: string) => {
    const value = props.get(key);
    return value === undefined || value === '' ? null : value;
  };
  const sizeMatch = /^(\d+)x(\d+)$/.exec(parseWmValue(size) ?? '');
  const densityValue = Number.parseInt(parseWmValue(density) ?? '', 10);
  const sdk = Number.parseInt(prop('ro.build.version.sdk') ?? '', 10);
  return {
    serial: shell.serial,
    model: prop('ro.product.model'),
    manufacturer: prop('ro.product.manufacturer'),
    apiLevel: Number.isInteger(sdk) ? sdk : null,
    androidVersion: prop('ro.build.version.release'),
    deviceType: classifyDeviceType(props),
    deviceTypeProperties: { 'ro.kernel.qemu': prop('ro.kernel.qemu'), 'ro.boot.qemu': prop('ro.boot.qemu') },
    display: {
      width: sizeMatch ? Number(sizeMatch[1]) : null,
      height: sizeMatch ? Number(sizeMatch[2]) : null,
      density: Number.isInteger(densityValue) ? densityValue : null,
    },
  };
}
