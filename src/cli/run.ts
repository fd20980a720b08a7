/**
 * The CLI framework: finds the command, parses global and command flags,
 * runs it and prints its JSON (or the typed error) to stdout.
 */
import { withoutOwnPaths } from '../contract/own-paths.js';
import { droidproofVersion } from '../version.js';
import { parseArgs } from './args.js';
import { type CliCommand, EXIT, type Executor } from './command.js';
import { UsageError } from './errors.js';
import { commandHelp, indexHelp } from './help.js';
import { GLOBAL_FLAGS, type OutputFormat, outputFormat, render } from './output.js';
import { COMMANDS, type CommandEntry, entryOf, findCommand, loadCommands } from './registry.js';

export interface CliIo {
  write(text: string): void;
  cwd: string;
  /** Default `process.env`. */
  env?: NodeJS.ProcessEnv;
  /** See `CommandContext.execute`. */
  execute?: Executor;
}

/** `-h` is `--help` (before any `--`). */
function normalizeShortFlags(argv: readonly string[]): string[] {
  const end = argv.indexOf('--');
  return argv.map((arg, i) => (arg === '-h' && (end < 0 || i < end) ? '--help' : arg));
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

function errorBody(error: unknown): unknown {
  if (error instanceof Error && 'toJSON' in error && typeof error.toJSON === 'function')
    return error.toJSON();
  return {
    code: 'INTERNAL_ERROR',
    message: withoutOwnPaths(error instanceof Error ? error.message : String(error)),
  };
}

/** Runs one CLI invocation and returns the process exit code. */
export async function runCli(
  argv: readonly string[],
  io: CliIo,
  /** The registry's entries, or loaded commands (tests). */
  given: readonly CommandEntry[] | readonly CliCommand[] = COMMANDS,
): Promise<number> {
  let format: OutputFormat = 'json';
  const commands = given.map((c) => ('load' in c ? c : entryOf(c)));
  try {
    const { name, rest } = splitCommand(normalizeShortFlags(argv));
    const unknown = (word: string) =>
      new UsageError(`unknown command ${JSON.stringify(word)}; see droidproof --help`, {
        commands: commands.map((c) => c.names[0]),
      });
    if (name === 'help') {
      // `help [<command>]`: the topic is the first word after `help`.
      const topic = rest.find((arg) => !arg.startsWith('-'));
      const entry = topic === undefined ? undefined : findCommand(topic, commands);
      if (topic !== undefined && entry === undefined) throw unknown(topic);
      io.write(
        entry
          ? commandHelp(await entry.load(), GLOBAL_FLAGS)
          : indexHelp(await loadCommands(commands), GLOBAL_FLAGS, droidproofVersion()),
      );
      return EXIT.OK;
    }
    const entry = name === undefined ? undefined : findCommand(name, commands);
    if (name !== undefined && entry === undefined) throw unknown(name);
    const command = await entry?.load();
    const args = parseArgs(rest, { ...GLOBAL_FLAGS, ...(command?.flags ?? {}) });
    format = outputFormat(args.flags);
    if (args.flags.version === true) {
      io.write(`${droidproofVersion()}\n`);
      return EXIT.OK;
    }
    if (command === undefined || args.flags.help === true) {
      io.write(
        command
          ? commandHelp(command, GLOBAL_FLAGS)
          : indexHelp(await loadCommands(commands), GLOBAL_FLAGS, droidproofVersion()),
      );
      return EXIT.OK;
    }
    const result = await command.run({ args, cwd: io.cwd, env: io.env ?? process.env, execute: io.execute });
    // Long-running stdio commands (mcp serve) own stdout and print no result document.
    if (result.body !== undefined) io.write(render(result, format));
    return result.exitCode;
  } catch (error) {
    io.write(render({ body: errorBody(error) }, format));
    return EXIT.FAILURE;
  }
}
