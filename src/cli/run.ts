/**
 * The CLI framework: finds the command, parses global and command flags,
 * runs it and prints its JSON (or the typed error) to stdout.
 */
import { describeFlags, parseArgs } from './args.js';
import { type CliCommand, EXIT, type Executor } from './command.js';
import { UsageError } from './errors.js';
import { GLOBAL_FLAGS, type OutputFormat, outputFormat, render } from './output.js';
import { COMMANDS, findCommand } from './registry.js';

export interface CliIo {
  write(text: string): void;
  cwd: string;
  /** See `CommandContext.execute`. */
  execute?: Executor;
}

/** Splits argv into the command word and everything else; global flags may precede it. */
function splitCommand(argv: readonly string[]): { name: string | undefined; rest: string[] } {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') break;
    if (arg.startsWith('--')) {
      const spelling = arg.slice(2);
      const global = Object.entries(GLOBAL_FLAGS).find(
        ([n, s]) => n === spelling || s.aliases?.includes(spelling),
      );
      if (global?.[1].type === 'string') i++;
      continue;
    }
    return { name: arg, rest: [...argv.slice(0, i), ...argv.slice(i + 1)] };
  }
  return { name: undefined, rest: [...argv] };
}

function helpText(commands: readonly CliCommand[], command?: CliCommand): string {
  if (command !== undefined) {
    return [
      `usage: droidproof ${command.usage}`,
      '',
      command.summary,
      '',
      ...describeFlags(command.flags),
      ...describeFlags(GLOBAL_FLAGS),
      '',
    ].join('\n');
  }
  const index = commands.map((c) => `  ${c.name.padEnd(12)} ${c.summary}`);
  return [
    'usage: droidproof <command> [flags]',
    '',
    'commands:',
    ...index,
    '',
    'global flags:',
    ...describeFlags(GLOBAL_FLAGS),
    '',
  ].join('\n');
}

function errorBody(error: unknown): unknown {
  if (error instanceof Error && 'toJSON' in error && typeof error.toJSON === 'function')
    return error.toJSON();
  return { code: 'INTERNAL_ERROR', message: error instanceof Error ? error.message : String(error) };
}

/** Runs one CLI invocation and returns the process exit code. */
export async function runCli(
  argv: readonly string[],
  io: CliIo,
  commands: readonly CliCommand[] = COMMANDS,
): Promise<number> {
  let format: OutputFormat = 'json';
  try {
    const { name, rest } = splitCommand(argv);
    const command = name === undefined || name === 'help' ? undefined : findCommand(name, commands);
    if (name !== undefined && name !== 'help' && command === undefined) {
      throw new UsageError(`unknown command ${JSON.stringify(name)}`, {
        commands: commands.map((c) => c.name),
      });
    }
    const args = parseArgs(rest, { ...GLOBAL_FLAGS, ...(command?.flags ?? {}) });
    format = outputFormat(args.flags);
    if (args.flags.help === true || name === 'help') {
      io.write(helpText(commands, command));
      return EXIT.OK;
    }
    if (command === undefined) {
      throw new UsageError('missing command', { commands: commands.map((c) => c.name) });
    }
    const result = await command.run({ args, cwd: io.cwd, execute: io.execute });
    // Long-running stdio commands (mcp serve) own stdout and print no result document.
    if (result.body !== undefined) io.write(render(result.body, format));
    return result.exitCode;
  } catch (error) {
    io.write(render(errorBody(error), format));
    return EXIT.FAILURE;
  }
}
