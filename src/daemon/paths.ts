/**
 * Where a daemon lives (seed 003 "Daemon / Device Key And Paths"): one per
 * device key under `~/.droidproof/daemon/` (mode 0700). Non-blank keys are the
 * base64url of the raw `--device` value, so `host:5555` and `host-5555` never
 * collide; a non-default adb server or dialect is part of the key (docs/daemon.md).
 */
import { createHash } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';

export interface DaemonTarget {
  /** The raw `--device` value, before resolution. */
  device?: string;
  adbHost?: string;
  adbPort?: number;
  /** A non-default Operator dialect; the daemon's connections use one dialect. */
  dialect?: string;
}

export interface DaemonPaths {
  key: string;
  dir: string;
  socket: string;
  pid: string;
  log: string;
  lock: string;
}

export function daemonKey(target: DaemonTarget): string {
  const device = target.device?.trim() ? target.device : '';
  const server =
    target.adbHost === undefined && target.adbPort === undefined
      ? ''
      : `@${target.adbHost ?? '127.0.0.1'}:${target.adbPort ?? ''}`;
  const dialect =
    target.dialect === undefined || target.dialect === 'androperator' ? '' : `#${target.dialect}`;
  const raw = `${device}${server}${dialect}`;
  return raw === '' ? 'default' : `id-${Buffer.from(raw).toString('base64url')}`;
}

/** Unix socket paths longer than this are truncated by the OS (104 bytes on macOS, 108 on Linux). */
const MAX_SOCKET_PATH = 100;

export function daemonPaths(target: DaemonTarget, home: string = homedir()): DaemonPaths {
  const dir = join(home, '.droidproof', 'daemon');
  const readable = daemonKey(target);
  // A key too long for a socket path becomes its digest (same inputs, same key).
  const key =
    join(dir, `daemon-${readable}.sock`).length <= MAX_SOCKET_PATH
      ? readable
      : `h-${createHash('sha256').update(readable).digest('base64url').slice(0, 22)}`;
  const file = (ext: string) => join(dir, `daemon-${key}.${ext}`);
  return { key, dir, socket: file('sock'), pid: file('pid'), log: file('log'), lock: file('lock') };
}

export async function ensureDaemonDir(paths: DaemonPaths): Promise<void> {
  await mkdir(paths.dir, { recursive: true, mode: 0o700 });
}
