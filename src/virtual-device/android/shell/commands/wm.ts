/** `wm size`, `wm density`, `wm user-rotation`; `settings get/put/delete/list`. */
import type { SettingsNamespace } from '../../system/settings.js';
import type { ShellCommand } from '../context.js';

const wm: ShellCommand = ({ args, device, stdout, stderr }) => {
  const [verb, value, extra] = args;
  const { display } = device;
  if (verb === 'size') {
    if (value === 'reset') display.setSize(undefined);
    else if (value) {
      const match = /^(\d+)x(\d+)$/.exec(value);
      if (!match) {
        stderr(`Error: bad size ${value}\n`);
        return 1;
      }
      display.setSize({ width: Number(match[1]), height: Number(match[2]) });
    } else {
      stdout(`Physical size: ${display.physical.width}x${display.physical.height}\n`);
      if (display.overrideSize)
        stdout(`Override size: ${display.overrideSize.width}x${display.overrideSize.height}\n`);
    }
    return 0;
  }
  if (verb === 'density') {
    if (value === 'reset') display.setDensity(undefined);
    else if (value) display.setDensity(Number(value));
    else {
      stdout(`Physical density: ${display.physical.densityDpi}\n`);
      if (display.overrideDensity) stdout(`Override density: ${display.overrideDensity}\n`);
    }
    return 0;
  }
  if (verb === 'user-rotation') {
    if (value === 'lock' && extra !== undefined) display.rotation = Number(extra);
    else if (value === undefined) stdout(`${display.rotation === 0 ? 'free' : 'lock'}\n`);
    return 0;
  }
  stderr(`Error: unknown command '${verb ?? ''}'\n`);
  return 1;
};

const NAMESPACES = new Set(['global', 'secure', 'system']);

const settings: ShellCommand = ({ args, device, stdout, stderr }) => {
  const [verb, namespace, key, value] = args.filter((a) => !a.startsWith('--user'));
  if (!NAMESPACES.has(namespace ?? '')) {
    stderr(`Invalid namespace '${namespace ?? ''}'\n`);
    return 255;
  }
  const ns = namespace as SettingsNamespace;
  switch (verb) {
    case 'get':
      stdout(`${device.settings.get(ns, key ?? '') ?? 'null'}\n`);
      return 0;
    case 'put':
      device.settings.put(ns, key ?? '', value ?? '');
      // The display follows `user_rotation` while auto-rotate is off.
      if (ns === 'system' && key === 'user_rotation') device.display.rotation = Number(value);
      return 0;
    case 'delete':
      stdout(`Deleted ${device.settings.delete(ns, key ?? '') ? 1 : 0} rows\n`);
      return 0;
    case 'list':
      for (const [k, v] of device.settings.list(ns)) stdout(`${k}=${v}\n`);
      return 0;
  }
  stderr(`Invalid command: ${verb ?? ''}\n`);
  return 255;
};

export const DISPLAY_COMMANDS: Record<string, ShellCommand> = { wm, settings };
