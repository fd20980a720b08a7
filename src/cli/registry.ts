/**
 * The command registry: one line per command module in ./commands/.
 * To add a command, create `commands/<name>.ts` exporting a `CliCommand` and
 * append it here (see docs/cli.md).
 */
import type { CliCommand } from './command.js';
import { clickCommand } from './commands/click.js';
import { closeCommand } from './commands/close.js';
import { codegenCommand } from './commands/codegen.js';
import { daemonCommand } from './commands/daemon.js';
import { devicesCommand } from './commands/devices.js';
import { doctorCommand } from './commands/doctor.js';
import { execCommand } from './commands/exec.js';
import { initCommand } from './commands/init.js';
import { mcpCommand } from './commands/mcp.js';
import { mediaCommand } from './commands/media.js';
import { notificationsCommand } from './commands/notifications.js';
import { openCommand } from './commands/open.js';
import { operatorCommand } from './commands/operator-install.js';
import { backCommand, pressCommand } from './commands/press.js';
import { queryCommand } from './commands/query.js';
import { readCommand } from './commands/read.js';
import { readValueCommand } from './commands/read-value.js';
import { recordCommand } from './commands/record.js';
import { screenshotCommand } from './commands/screenshot.js';
import { scrollCommand } from './commands/scroll.js';
import { scrollAndClickCommand, scrollUntilCommand } from './commands/scroll-until.js';
import { serveCommand } from './commands/serve.js';
import { sleepCommand } from './commands/sleep.js';
import { snapshotCommand } from './commands/snapshot.js';
import { dragCommand, swipeCommand } from './commands/swipe.js';
import { toastCommand } from './commands/toast.js';
import { typeCommand } from './commands/type.js';
import { virtualCommand } from './commands/virtual.js';
import { waitCommand } from './commands/wait.js';
import { waitForNavCommand } from './commands/wait-for-nav.js';

export const COMMANDS: readonly CliCommand[] = [
  initCommand,
  execCommand,
  virtualCommand,
  devicesCommand,
  doctorCommand,
  snapshotCommand,
  queryCommand,
  clickCommand,
  typeCommand,
  readCommand,
  waitCommand,
  waitForNavCommand,
  readValueCommand,
  sleepCommand,
  toastCommand,
  screenshotCommand,
  openCommand,
  closeCommand,
  pressCommand,
  backCommand,
  scrollCommand,
  scrollUntilCommand,
  scrollAndClickCommand,
  swipeCommand,
  dragCommand,
  notificationsCommand,
  mediaCommand,
  recordCommand,
  codegenCommand,
  operatorCommand,
  serveCommand,
  mcpCommand,
  daemonCommand,
];

/** The command registered under `name` or one of its aliases. */
export function findCommand(
  name: string,
  commands: readonly CliCommand[] = COMMANDS,
): CliCommand | undefined {
  return commands.find((command) => command.name === name || command.aliases?.includes(name));
}
