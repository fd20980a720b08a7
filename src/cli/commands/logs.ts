/**
 * `droidproof logs` (seed 003 "The logs command"): prints the current daily
 * log file, then every line appended to it, raw NDJSON, until SIGINT or
 * SIGTERM (exit 0). No flags. A missing file is a message on stderr, exit 0.
 */
import { watch } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { type CliCommand, EXIT } from '../command.js';
import { UsageError } from '../errors.js';
import { dailyLogPath } from '../log-file.js';
import { exitSoon, untilSignal } from './until-signal.js';

/** Copies what the file gained since `offset` to stdout; returns the new offset. */
async function copyFrom(path: string, offset: number): Promise<number> {
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    // A file cut shorter (rotated, truncated) is read from its start again.
    let at = size < offset ? 0 : offset;
    const buffer = Buffer.alloc(64 * 1024);
    while (at < size) {
      const { bytesRead } = await file.read(buffer, 0, Math.min(buffer.byteLength, size - at), at);
      if (bytesRead === 0) break;
      process.stdout.write(Buffer.from(buffer.subarray(0, bytesRead)));
      at += bytesRead;
    }
    return at;
  } finally {
    await file.close();
  }
}

export const logsCommand: CliCommand = {
  name: 'logs',
  summary: 'Follow the droidproof log file',
  usage: 'logs',
  flags: {},
  async run({ args, env }) {
    if (args.positionals.length > 0) throw new UsageError('logs takes no arguments');
    const path = dailyLogPath(env);
    if (!(await stat(path).catch(() => undefined))?.isFile()) {
      process.stderr.write(`No log file found at ${path}\n`);
      return { body: undefined, exitCode: EXIT.OK };
    }
    let offset = await copyFrom(path, 0);
    // One read at a time: change events arrive in bursts.
    let reading = Promise.resolve();
    const watcher = watch(path, () => {
      reading = reading.then(async () => {
        offset = await copyFrom(path, offset).catch(() => offset);
      });
    });
    await untilSignal();
    watcher.close();
    await reading;
    exitSoon(EXIT.OK);
    return { body: undefined, exitCode: EXIT.OK };
  },
};
