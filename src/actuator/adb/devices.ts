/**
 * Device listing and target resolution (seed 003 "Devices"). The listing keeps
 * every adb entry; only entries in state `device` are execution targets.
 */
import { DroidproofError } from '../../contract/errors.js';

/** One `adb devices` entry: the serial and whatever state adb reported. */
export interface DeviceEntry {
  serial: string;
  state: string;
}

/**
 * Applies the seed's resolution table: no targets → NO_DEVICES; one target and
 * no request → that serial; several and no request →
 * MULTIPLE_DEVICES_DEVICE_ID_REQUIRED; a requested serial missing or not in
 * state `device` → DEVICE_NOT_FOUND.
 */
export function resolveDevice(devices: readonly DeviceEntry[], requested?: string): string {
  const connected = devices.filter((d) => d.state === 'device').map((d) => d.serial);
  if (requested !== undefined && requested !== '') {
    if (connected.includes(requested)) return requested;
    throw new DroidproofError('DEVICE_NOT_FOUND', `Device ${requested} not found or not in device state`, {
      connected,
    });
  }
  if (connected.length === 0) {
    throw new DroidproofError('NO_DEVICES', 'No connected devices in adb state "device"', {
      devices: devices.map((d) => ({ ...d })),
    });
  }
  if (connected.length > 1) {
    throw new DroidproofError(
      'MULTIPLE_DEVICES_DEVICE_ID_REQUIRED',
      'Multiple devices connected; pass --device <serial>',
      { devices: connected },
    );
  }
  return connected[0];
}
