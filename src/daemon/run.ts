/**
 * `daemon run`: the serve app on the daemon's Unix socket, plus `GET /daemon`
 * (its pid and key, for the ownership check). Writes its PID metadata once it
 * listens and removes its files when it stops.
 */
import { chmod, rm } from 'node:fs/promises';
import type { DialectName } from '../contract/dialect.js';
import { buildServeApp } from '../serve/app.js';
import { removeDaemonFiles, writeMetadata } from './metadata.js';
import { type DaemonTarget, daemonPaths, ensureDaemonDir } from './paths.js';

export interface DaemonRunOptions extends DaemonTarget {
  dialect?: DialectName;
  home?: string;
}

/** Listens until `stopped` resolves, then closes and cleans up. */
export async function runDaemon(options: DaemonRunOptions, stopped: Promise<unknown>): Promise<void> {
  const paths = daemonPaths(options, options.home);
  await ensureDaemonDir(paths);
  const app = buildServeApp({ adbHost: options.adbHost, adbPort: options.adbPort, dialect: options.dialect });
  app.get('/daemon', async () => ({ pid: process.pid, daemonKey: paths.key }));
  await rm(paths.socket, { force: true });
  await app.listen({ path: paths.socket });
  await chmod(paths.socket, 0o600);
  await writeMetadata(paths, {
    pid: process.pid,
    startedAt: Date.now(),
    daemonKey: paths.key,
    cliEntryPath: process.argv[1] ?? null,
    rawDeviceId: options.device ?? null,
  });
  try {
    await stopped;
  } finally {
    await app.close();
    await removeDaemonFiles(paths);
  }
}
