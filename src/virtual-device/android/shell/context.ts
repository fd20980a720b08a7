/** What a shell command receives, and the signature every command implements. */
import type { VirtualAndroid } from '../device.js';

export interface CommandContext {
  device: VirtualAndroid;
  /** The command's own name (basename of argv[0]). */
  name: string;
  args: string[];
  stdout(chunk: Buffer | string): void;
  stderr(chunk: Buffer | string): void;
  stdin: AsyncIterable<Buffer>;
  /** Aborted when the adb stream closes. */
  signal: AbortSignal;
  env: Map<string, string>;
  /** Runs another command line in the same shell (for `cmd package` → `pm`, `sh -c`). */
  run(commandLine: string, streams?: Partial<Pick<CommandContext, 'stdout' | 'stderr'>>): Promise<number>;
}

export type ShellCommand = (ctx: CommandContext) => Promise<number> | number;

/** Resolves after `ms` of host time, or early (without error) when the stream closes. */
export function hostSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

/** Resolves when the stream closes. */
export function untilAborted(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });
}
