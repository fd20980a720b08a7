import type { RegisteredDevice } from './registry.js';

/** Which device a host request is about (`host:`, `host-serial:`, `host-transport-id:`, `host-usb:`, `host-local:`). */
export type Selector =
  | { kind: 'any' }
  | { kind: 'usb' }
  | { kind: 'local' }
  | { kind: 'serial'; serial: string }
  | { kind: 'id'; id: number };

/** A host request split into its device selector and its command. */
export interface HostRequest {
  selector: Selector;
  command: string;
}

/**
 * Splits a host request. Serials may contain `:` (`127.0.0.1:6555`), so a
 * known serial is matched as a prefix first, as the real server's parser does.
 */
export function parseHostRequest(request: string, knownSerials: readonly string[]): HostRequest | undefined {
  if (request.startsWith('host:')) return { selector: { kind: 'any' }, command: request.slice(5) };
  if (request.startsWith('host-usb:')) return { selector: { kind: 'usb' }, command: request.slice(9) };
  if (request.startsWith('host-local:')) return { selector: { kind: 'local' }, command: request.slice(11) };
  const byId = /^host-transport-id:(\d+):(.*)$/s.exec(request);
  if (byId) return { selector: { kind: 'id', id: Number(byId[1]) }, command: byId[2] };
  if (!request.startsWith('host-serial:')) return undefined;
  const rest = request.slice('host-serial:'.length);
  const known = [...knownSerials]
    .sort((a, b) => b.length - a.length)
    .find((serial) => rest.startsWith(`${serial}:`));
  const serial = known ?? /^([^:]+:\d+)(?=:)|^[^:]*/.exec(rest)?.[0] ?? '';
  return { selector: { kind: 'serial', serial }, command: rest.slice(serial.length + 1) };
}

/** The transport-selecting commands: `transport:<s>`, `transport-any`, `tport:serial:<s>`, ... */
export function parseTransportCommand(command: string): { selector: Selector; tport: boolean } | undefined {
  const tport = command.startsWith('tport:');
  const what = tport ? command.slice('tport:'.length) : command;
  if (what === 'any' || what === 'transport-any') return { selector: { kind: 'any' }, tport };
  if (what === 'usb' || what === 'transport-usb') return { selector: { kind: 'usb' }, tport };
  if (what === 'local' || what === 'transport-local') return { selector: { kind: 'local' }, tport };
  if (tport && what.startsWith('serial:'))
    return { selector: { kind: 'serial', serial: what.slice(7) }, tport };
  if (!tport && what.startsWith('transport-id:'))
    return { selector: { kind: 'id', id: Number(what.slice(13)) }, tport };
  if (!tport && what.startsWith('transport:'))
    return { selector: { kind: 'serial', serial: what.slice(10) }, tport };
  return undefined;
}

const UNAUTHORIZED = [
  'device unauthorized.',
  "This adb server's $ADB_VENDOR_KEYS is not set",
  "Try 'adb kill-server' if that seems wrong.",
  'Otherwise check for a confirmation dialog on your device.',
].join('\n');

/**
 * Picks one device the way the real server's `acquire_one_transport` does,
 * with its error texts. Virtual devices are network devices: `-e`/local
 * selects them, `-d`/usb never does.
 */
export function acquireDevice(
  devices: readonly RegisteredDevice[],
  selector: Selector,
  anyState: boolean,
): { device: RegisteredDevice } | { error: string } {
  let matches: RegisteredDevice[];
  if (selector.kind === 'serial')
    matches = devices.filter((entry) => entry.device.serial === selector.serial);
  else if (selector.kind === 'id') matches = devices.filter((entry) => entry.transportId === selector.id);
  else if (selector.kind === 'usb') matches = [];
  else matches = [...devices];
  if (matches.length > 1) {
    const ambiguous = { any: 'more than one device/emulator', local: 'more than one emulator', usb: '' };
    return { error: selector.kind === 'serial' ? 'more than one device' : ambiguous[selector.kind as 'any'] };
  }
  const found = matches[0];
  if (!found) {
    if (selector.kind === 'serial') return { error: `device '${selector.serial}' not found` };
    if (selector.kind === 'id') return { error: `no device with transport id '${selector.id}'` };
    const none = { any: 'no devices/emulators found', local: 'no emulators found', usb: 'no devices found' };
    return { error: none[selector.kind] };
  }
  if (!anyState && found.device.state === 'unauthorized') return { error: UNAUTHORIZED };
  if (!anyState && found.device.state === 'offline') return { error: 'device offline' };
  return { device: found };
}
