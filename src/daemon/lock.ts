/**
 * The lifecycle lock: an exclusively created file holding the owner's PID, so
 * concurrent `daemon start`s (or proxies) serialize, and a lock left by a dead
 * process is reclaimed.
 */
import { open, readFile, rm } from 'node:fs/promises';
import { setTimeout as delay } from 'node:timers/promises';
import { DroidproofError } from '../contract/errors.js';
import { isAlive } from './metadata.js';

export async function withLock<T>(path: string, timeoutMs: number, task: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const handle = await open(path, 'wx', 0o600);
      await handle.writeFile(String(process.pid));
      await handle.close();
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(await readFile(path, 'utf8').catch(() => ''));
      if (!Number.isInteger(owner) || owner <= 0 || !isAlive(owner)) {
        await rm(path, { force: true });
        continue;
      }
      if (Date.now() >= deadline) {
        throw new DroidproofError(
          'DAEMON_START_FAILED',
          `Daemon lifecycle lock is held by process ${owner}`,
          {
            lockPath: path,
            owner,
          },
        );
      }
      await delay(50);
    }
  }
  try {
    return await task();
  } finally {
    await rm(path, { force: true });
  }
}
