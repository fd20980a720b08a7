/**
 * The command registry: one line per command module in ./commands/.
 * To add a command, create `commands/<name>.ts` exporting a `CliCommand` and
 * append it here (see docs/cli.md).
 */
import type { CliCommand } from './command.js';
import { execCommand } from './commands/exec.js';
import { virtualCommand } from './commands/virtual.js';

export const COMMANDS: readonly CliCommand[] = [execCommand, virtualCommand];

/** The command registered under `name` or one of its aliases. */
export function findCommand(
  name: string,
  commands: readonly CliCommand[] = COMMANDS,
): CliCommand | undefined {
  return commands.find((command) => command.name === name || command.aliases?.includes(name));
}
