/** `screencap [-p] [file]` and `uiautomator dump [file]`. */
import { toHierarchyXml } from '../../../../contract/selector/hierarchy-xml.js';
import type { ShellCommand } from '../context.js';

const screencap: ShellCommand = async ({ args, device, stdout, stderr }) => {
  const file = args.find((a) => !a.startsWith('-'));
  const png = await device.screencap();
  if (!file) {
    stdout(png);
    return 0;
  }
  try {
    device.fs.write(file, png, 0o100644, Math.floor(device.clock.wallTime() / 1000));
    return 0;
  } catch (error) {
    stderr(`Error opening file: ${file} (${(error as Error).message})\n`);
    return 1;
  }
};

/** Writes the UI Automator XML of every window; prints the message with the real tool's typo. */
const uiautomator: ShellCommand = ({ args, device, stdout, stderr }) => {
  if (args[0] !== 'dump') {
    stderr('Usage: uiautomator <subcommand> [options]\n');
    return 1;
  }
  const file = args.slice(1).find((a) => !a.startsWith('-')) ?? '/sdcard/window_dump.xml';
  const xml = toHierarchyXml(device.ui.hierarchy());
  if (file === '/dev/tty') {
    stdout(xml);
    return 0;
  }
  try {
    device.fs.write(file, Buffer.from(xml), 0o100644, Math.floor(device.clock.wallTime() / 1000));
  } catch (error) {
    stderr(`ERROR: could not write ${file}: ${(error as Error).message}\n`);
    return 1;
  }
  stdout(`UI hierchary dumped to: ${file}\n`);
  return 0;
};

export const SCREEN_COMMANDS: Record<string, ShellCommand> = { screencap, uiautomator };
