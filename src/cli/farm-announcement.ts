/**
 * The lines a person reads when `droidproof virtual` runs in a terminal: how to
 * reach the farm with adb and with the CLI. Written to stderr, so stdout stays
 * the one JSON document.
 */
import type { FarmAddress } from './farm-run-file.js';

export function farmAnnouncement(farm: FarmAddress): string {
  const serials = farm.devices.map((device) => device.serial);
  const plural = serials.length === 1 ? 'device' : 'devices';
  return [
    `droidproof: ${serials.length} virtual ${plural} (${serials.join(', ')}) on ${farm.adbHost}:${farm.adbPort}`,
    '  droidproof commands in other terminals find them (npx droidproof devices).',
    '  For adb and other adb clients:',
    `    export ANDROID_ADB_SERVER_PORT=${farm.adbPort}`,
    '  Ctrl-C stops them.',
    '',
  ].join('\n');
}
