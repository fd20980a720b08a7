/**
 * droidproof's daily NDJSON log (seed 003 "Logging"): one file per local day,
 * `droidproof-YYYY-MM-DD.log` in `DROIDPROOF_LOG_DIR` (default
 * `~/.droidproof/logs`). The bin appends one `cli.command` event per
 * invocation; `droidproof logs` follows the file. Logging fails open: one
 * warning on stderr, and the command's outcome is unchanged.
 */
import { appendFile, mkdir } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';

export const LOG_DIR_ENV = 'DROIDPROOF_LOG_DIR';

export interface LogEvent {
  level: 'debug' | 'info' | 'warn' | 'error';
  event: string;
  message: string;
  [field: string]: unknown;
}

/** The current day's log file (the local calendar date, as `date +%F` prints it). */
export function dailyLogPath(env: NodeJS.ProcessEnv = process.env, now = new Date()): string {
  const dir = env[LOG_DIR_ENV]?.trim() || join(homedir(), '.droidproof', 'logs');
  const day = [now.getFullYear(), now.getMonth() + 1, now.getDate()].map((n) => String(n).padStart(2, '0'));
  return join(dir, `droidproof-${day.join('-')}.log`);
}

/** Appends one event line; a failure is one stderr warning, never an exception. */
export async function appendLogEvent(event: LogEvent, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const path = dailyLogPath(env);
  try {
    await mkdir(join(path, '..'), { recursive: true });
    await appendFile(path, `${JSON.stringify({ ts: new Date().toISOString(), ...event })}\n`);
  } catch (error) {
    process.stderr.write(
      `[droidproof] WARN: logging disabled after write failure for ${path}: ${error instanceof Error ? error.message : String(error)}\n`,
    );
  }
}

/** The command word of an argv (global flags with values may precede it). */
export function commandWord(argv: readonly string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--output' || arg === '--format') i++;
    else if (!arg.startsWith('-')) return arg;
  }
  return undefined;
}

/** The bin's one event per invocation: the command word only, never its arguments (they may hold app text). */
export function logInvocation(argv: readonly string[], exitCode: number, startedMs: number): Promise<void> {
  const command = commandWord(argv) ?? '(none)';
  return appendLogEvent({
    level: exitCode === 0 ? 'info' : 'error',
    event: 'cli.command',
    message: `droidproof ${command} exited ${exitCode}`,
    command,
    exitCode,
    durationMs: Math.round(performance.now() - startedMs),
  });
}
