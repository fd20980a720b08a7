/**
 * The contract every CLI command module implements. A command parses nothing
 * itself: the framework parses its declared flags and hands them over, then
 * prints whatever the command returns.
 */
import type { Execution } from '../contract/execution.js';
import type { ExecutionResultWrapper } from '../contract/wrappers.js';
import type { FlagSpecs, ParsedArgs } from './args.js';

/** Runs an execution on a target instead of connecting directly (the daemon's shared connections). */
export type Executor = (
  target: { deviceId?: string; operatorPackage?: string },
  execution: Execution,
) => Promise<ExecutionResultWrapper>;

/** Process exit codes: 0 success, 1 any failure including usage (seed 003:1996). */
export const EXIT = { OK: 0, FAILURE: 1 } as const;

export interface CommandResult {
  /** The JSON document printed to stdout; `undefined` prints nothing (stdio servers). */
  readonly body: unknown;
  readonly exitCode: number;
  /** The `--format pretty` rendering for people; default indented JSON. */
  readonly pretty?: () => string;
}

export interface CommandContext {
  readonly args: ParsedArgs;
  /** Working directory for relative paths such as `--payload @file.json`. */
  readonly cwd: string;
  /** The environment (`ANDROID_SERIAL`, `ANDROID_ADB_SERVER_PORT`, the state directory). */
  readonly env: NodeJS.ProcessEnv;
  /** When set, executions run through it instead of the daemon proxy or a direct connection. */
  readonly execute?: Executor;
}

export interface CliCommand {
  /** The word after `droidproof`. */
  readonly name: string;
  readonly aliases?: readonly string[];
  /** One line for the command index. */
  readonly summary: string;
  /** Usage line, e.g. `exec --payload <json-or-@file> [--validate-only | --dry-run]`. */
  readonly usage: string;
  readonly flags: FlagSpecs;
  /** Runs the command. Throw a `DroidproofError` for failures: the framework prints it and exits 1. */
  run(context: CommandContext): Promise<CommandResult>;
}
