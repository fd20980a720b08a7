/**
 * Daemon lifecycle (seed 003 "Daemon"): start spawns a detached `daemon run`
 * and waits for `/ping`; stop signals only a verified managed PID; status
 * reports running, not_running or unowned (a responding socket that is not
 * ours is never touched).
 */
import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { setTimeout as delay } from 'node:timers/promises';
import { DroidproofError } from '../contract/errors.js';
import { type VersionInfo, VersionInfoSchema } from '../serve/identity.js';
import { withLock } from './lock.js';
import {
  askDaemon,
  isAlive,
  ownedBy,
  type PidMetadata,
  readMetadata,
  removeDaemonFiles,
} from './metadata.js';
import { type DaemonPaths, type DaemonTarget, daemonPaths, ensureDaemonDir } from './paths.js';
import { socketRequest } from './socket-client.js';

/** How long start waits for `/ping` (seed: 3000 ms); `DROIDPROOF_DAEMON_READY_MS` overrides it. */
export function readyTimeoutMs(env: NodeJS.ProcessEnv = process.env): number {
  const raw = Number(env.DROIDPROOF_DAEMON_READY_MS);
  return Number.isInteger(raw) && raw > 0 ? raw : 3_000;
}

const PING_INTERVAL_MS = 100;

export interface DaemonOptions extends DaemonTarget {
  operatorPackage?: string;
  dialect?: string;
  home?: string;
  /** The CLI entry and Node flags the daemon is spawned with; default this process's. */
  entry?: string;
  execArgv?: readonly string[];
  /** How long start waits for `/ping`; default `readyTimeoutMs()`. */
  readyTimeoutMs?: number;
}

export type Probe =
  | { state: 'not_running' }
  | { state: 'refused' }
  | { state: 'unowned' }
  | { state: 'running'; metadata: PidMetadata; version: VersionInfo | undefined };

export function pathsOf(options: DaemonOptions): DaemonPaths {
  return daemonPaths(options, options.home);
}

/** What is behind the socket right now. */
export async function probe(paths: DaemonPaths): Promise<Probe> {
  const asked = await askDaemon(paths);
  if ('errno' in asked) {
    if (asked.errno === 'ENOENT') return { state: 'not_running' };
    if (asked.errno === 'ECONNREFUSED') return { state: 'refused' };
    return { state: 'unowned' };
  }
  const metadata = await readMetadata(paths);
  if (!ownedBy(asked.self, metadata, paths.key)) return { state: 'unowned' };
  const version = await socketRequest(paths.socket, 'GET', '/version', undefined, 3_000)
    .then((answer) => VersionInfoSchema.safeParse(answer.body))
    .catch(() => undefined);
  return { state: 'running', metadata, version: version?.success ? version.data : undefined };
}

async function waitForPing(paths: DaemonPaths, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await socketRequest(paths.socket, 'GET', '/ping', undefined, 500)
      .then((answer) => answer.status === 200)
      .catch(() => false);
    if (ok) return true;
    await delay(PING_INTERVAL_MS);
  }
  return false;
}

function runArgs(options: DaemonOptions): string[] {
  const args = ['daemon', 'run'];
  if (options.device?.trim()) args.push('--device', options.device);
  if (options.adbHost !== undefined) args.push('--adb-host', options.adbHost);
  if (options.adbPort !== undefined) args.push('--adb-port', String(options.adbPort));
  if (options.operatorPackage !== undefined) args.push('--operator-package', options.operatorPackage);
  if (options.dialect !== undefined) args.push('--dialect', options.dialect);
  return args;
}

function spawnDaemon(paths: DaemonPaths, options: DaemonOptions): void {
  const entry = options.entry ?? process.argv[1];
  if (entry === undefined) {
    throw new DroidproofError('DAEMON_START_FAILED', 'Cannot locate the CLI entrypoint to spawn the daemon');
  }
  const log = openSync(paths.log, 'a', 0o600);
  try {
    const child = spawn(
      process.execPath,
      [...(options.execArgv ?? process.execArgv), entry, ...runArgs(options)],
      {
        detached: true,
        stdio: ['ignore', log, log],
        env: { ...process.env, ...(options.home ? { HOME: options.home } : {}) },
      },
    );
    child.on('error', () => {});
    child.unref();
  } catch (error) {
    throw new DroidproofError(
      'DAEMON_START_FAILED',
      `Could not spawn the daemon: ${(error as Error).message}`,
      {
        socketPath: paths.socket,
      },
    );
  } finally {
    closeSync(log);
  }
}

export type StartStatus = 'started' | 'already_running';

/** Starts the daemon unless one of ours already runs; `unowned` sockets are an error, never replaced. */
export async function startDaemon(
  options: DaemonOptions,
): Promise<{ status: StartStatus; socketPath: string }> {
  const paths = pathsOf(options);
  await ensureDaemonDir(paths);
  const timeoutMs = options.readyTimeoutMs ?? readyTimeoutMs();
  return withLock(paths.lock, timeoutMs, async () => {
    const current = await probe(paths);
    if (current.state === 'running') return { status: 'already_running', socketPath: paths.socket };
    if (current.state === 'unowned') {
      throw new DroidproofError(
        'DAEMON_START_FAILED',
        'The daemon socket is served by a process this CLI does not own',
        {
          socketPath: paths.socket,
        },
      );
    }
    await rm(paths.socket, { force: true });
    spawnDaemon(paths, options);
    if (!(await waitForPing(paths, timeoutMs))) {
      throw new DroidproofError('DAEMON_START_FAILED', `Daemon did not become ready within ${timeoutMs}ms.`, {
        socketPath: paths.socket,
        timeoutMs,
        logPath: paths.log,
      });
    }
    return { status: 'started', socketPath: paths.socket };
  });
}

export type StopStatus = 'stopped' | 'not_running';

export async function stopDaemon(
  options: DaemonOptions,
): Promise<{ status: StopStatus; socketPath: string }> {
  const paths = pathsOf(options);
  const current = await probe(paths);
  if (current.state === 'not_running' || current.state === 'refused') {
    const metadata = await readMetadata(paths);
    if (metadata === undefined || !isAlive(metadata.pid)) {
      await removeDaemonFiles(paths);
      return { status: 'not_running', socketPath: paths.socket };
    }
  }
  if (current.state === 'unowned') {
    throw new DroidproofError(
      'DAEMON_STOP_FAILED',
      'The daemon socket is served by a process this CLI does not own',
      {
        socketPath: paths.socket,
        pidPath: paths.pid,
      },
    );
  }
  const metadata = current.state === 'running' ? current.metadata : await readMetadata(paths);
  if (metadata === undefined) return { status: 'not_running', socketPath: paths.socket };
  try {
    process.kill(metadata.pid, 'SIGTERM');
  } catch (error) {
    throw new DroidproofError('DAEMON_STOP_FAILED', `Could not signal daemon ${metadata.pid}`, {
      pid: metadata.pid,
      error: String(error),
    });
  }
  const deadline = Date.now() + 5_000;
  while (isAlive(metadata.pid)) {
    if (Date.now() > deadline) {
      throw new DroidproofError('DAEMON_STOP_FAILED', `Daemon ${metadata.pid} did not exit after SIGTERM`, {
        pid: metadata.pid,
        socketPath: paths.socket,
      });
    }
    await delay(50);
  }
  await removeDaemonFiles(paths);
  return { status: 'stopped', socketPath: paths.socket };
}

export async function daemonStatus(options: DaemonOptions): Promise<Record<string, unknown>> {
  const paths = pathsOf(options);
  const current = await probe(paths);
  if (current.state !== 'running') {
    return { status: current.state === 'unowned' ? 'unowned' : 'not_running', socketPath: paths.socket };
  }
  return {
    status: 'running',
    pid: current.metadata.pid,
    version: current.version?.version ?? null,
    buildIdentity: current.version?.buildIdentity ?? null,
    uptimeSeconds: Math.max(0, Math.floor((Date.now() - current.metadata.startedAt) / 1000)),
    socketPath: paths.socket,
  };
}
