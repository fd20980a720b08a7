/**
 * The PID metadata file a daemon writes once it listens, and the ownership
 * check: a daemon is ours when its metadata names a live process and the
 * socket's own `/daemon` answer reports that same pid and key (a reused PID
 * or a foreign listener fails one of the two). Checked by hand rather than
 * with a schema library: the CLI's fast path loads this on every call.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import type { DaemonPaths } from './paths.js';
import { socketRequest } from './socket-client.js';

export interface PidMetadata {
  pid: number;
  startedAt: number;
  daemonKey: string;
  cliEntryPath: string | null;
  rawDeviceId: string | null;
}

function isPidMetadata(value: unknown): value is PidMetadata {
  const v = value as Partial<PidMetadata> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    Number.isInteger(v.pid) &&
    (v.pid ?? 0) > 0 &&
    typeof v.startedAt === 'number' &&
    typeof v.daemonKey === 'string'
  );
}

export async function readMetadata(paths: DaemonPaths): Promise<PidMetadata | undefined> {
  try {
    const parsed: unknown = JSON.parse(await readFile(paths.pid, 'utf8'));
    return isPidMetadata(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

export async function writeMetadata(paths: DaemonPaths, metadata: PidMetadata): Promise<void> {
  await writeFile(paths.pid, `${JSON.stringify(metadata)}\n`, { mode: 0o600 });
}

export async function removeDaemonFiles(paths: DaemonPaths): Promise<void> {
  await rm(paths.pid, { force: true });
  await rm(paths.socket, { force: true });
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether the listener's `/daemon` answer and the metadata identify the same live managed daemon. */
export function ownedBy(
  self: unknown,
  metadata: PidMetadata | undefined,
  key: string,
): metadata is PidMetadata {
  const reported = self as { pid?: unknown; daemonKey?: unknown } | null;
  return (
    metadata !== undefined &&
    typeof reported === 'object' &&
    reported !== null &&
    reported.pid === metadata.pid &&
    reported.daemonKey === key &&
    metadata.daemonKey === key &&
    isAlive(metadata.pid)
  );
}

/** The listener's self-report, or the socket error's errno. */
export async function askDaemon(
  paths: DaemonPaths,
): Promise<{ self: unknown } | { errno: string | undefined }> {
  try {
    return { self: (await socketRequest(paths.socket, 'GET', '/daemon', undefined, 3_000)).body };
  } catch (error) {
    return { errno: (error as { errno?: string }).errno };
  }
}
