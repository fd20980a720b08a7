/**
 * Runs a command line in a device shell without adb and collects its output:
 * handy for tests and for host-side code that drives a device in-process.
 */
import type { DeviceServices } from '../services.js';

export interface ExecResult {
  exitCode: number;
  stdout: Buffer;
  /** stdout as UTF-8. */
  output: string;
  stderr: string;
}

export interface ExecOptions {
  /** Bytes the command reads on stdin. */
  stdin?: Buffer;
  /** Closes the "stream" (ends `logcat`, `sleep` loops). */
  signal?: AbortSignal;
  /** Called with each stdout chunk as it is written (for streaming commands). */
  onStdout?: (chunk: Buffer) => void;
}

export async function execShell(
  device: DeviceServices,
  commandLine: string,
  options: ExecOptions = {},
): Promise<ExecResult> {
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  const input = options.stdin;
  const exitCode = await device.shell(commandLine, {
    stdout: (chunk) => {
      const bytes = Buffer.from(chunk);
      out.push(bytes);
      options.onStdout?.(bytes);
    },
    stderr: (chunk) => err.push(Buffer.from(chunk)),
    stdin: (async function* () {
      if (input?.length) yield input;
    })(),
    signal: options.signal ?? new AbortController().signal,
  });
  const stdout = Buffer.concat(out);
  return { exitCode, stdout, output: stdout.toString('utf8'), stderr: Buffer.concat(err).toString('utf8') };
}
