/** `getprop [key]` and `setprop key value`. */
import type { ShellCommand } from '../context.js';

const getprop: ShellCommand = ({ args, device, stdout }) => {
  if (args.length === 0) {
    for (const [key, value] of device.props.entries()) stdout(`[${key}]: [${value}]\n`);
    return 0;
  }
  stdout(`${device.props.get(args[0]) ?? args[1] ?? ''}\n`);
  return 0;
};

const setprop: ShellCommand = ({ args, device, stderr }) => {
  if (args.length !== 2) {
    stderr('usage: setprop NAME VALUE\n');
    return 1;
  }
  device.props.set(args[0], args[1]);
  return 0;
};

export const PROP_COMMANDS: Record<string, ShellCommand> = { getprop, setprop };
