/**
 * Where a running `droidproof virtual` listens, published as a run file in the
 * user's state directory so that `devices`, `doctor`, `snapshot`, `click`, ...
 * in another terminal find it without port flags. One file per farm process
 * (`virtual-<pid>.json`), removed when the farm stops; files of processes that
 * are gone are ignored and cleaned up.
 */
import { rmSync } from 'node:fs';
import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { writeFileAtomic } from '../evidence/atomic-file.js';

export const PublishedFarmSchema = z.object({
  pid: z.number().int().positive(),
  adbHost: z.string().min(1),
  adbPort: z.number().int().min(1).max(65_535),
  serials: z.array(z.string()),
  startedAt: z.string(),
});
export type PublishedFarm = z.infer<typeof PublishedFarmSchema>;

/**
 * droidproof's state directory: `$XDG_STATE_HOME/droidproof`, else
 * `~/.local/state/droidproof` (`%LOCALAPPDATA%\droidproof` on Windows).
 */
export function stateDir(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  if (env.XDG_STATE_HOME) return join(env.XDG_STATE_HOME, 'droidproof');
  if (platform === 'win32' && env.LOCALAPPDATA) return join(env.LOCALAPPDATA, 'droidproof');
  return join(env.HOME || homedir(), '.local', 'state', 'droidproof');
}

const RUN_FILE = /^virtual-(\d+)\.json$/;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** What `virtual` describes: where it listens and which serials it serves. */
export interface FarmAddress {
  adbHost: string;
  adbPort: number;
  devices: readonly { serial: string }[];
}

export interface Publication {
  readonly path: string;
  /** Deletes the run file (idempotent). */
  remove(): Promise<void>;
}

/** Writes this process's run file; it is also removed if the process exits without `remove()`. */
export async function publishFarm(
  farm: FarmAddress,
  env: NodeJS.ProcessEnv = process.env,
): Promise<Publication> {
  const dir = stateDir(env);
  await mkdir(dir, { recursive: true });
  const path = join(dir, `virtual-${process.pid}.json`);
  const record: PublishedFarm = {
    pid: process.pid,
    adbHost: farm.adbHost,
    adbPort: farm.adbPort,
    serials: farm.devices.map((device) => device.serial),
    startedAt: new Date().toISOString(),
  };
  await writeFileAtomic(path, `${JSON.stringify(record)}\n`);
  const removeOnExit = () => {
    // Synchronous on purpose: 'exit' handlers cannot await.
    rmSync(path, { force: true });
  };
  process.once('exit', removeOnExit);
  return {
    path,
    async remove() {
      process.off('exit', removeOnExit);
      await rm(path, { force: true });
    },
  };
}

/** The farms whose processes still run, newest first; run files of dead processes are deleted. */
export async function publishedFarms(env: NodeJS.ProcessEnv = process.env): Promise<PublishedFarm[]> {
  const dir = stateDir(env);
  const names = await readdir(dir).catch(() => [] as string[]);
  const farms: PublishedFarm[] = [];
  for (const name of names) {
    if (!RUN_FILE.test(name)) continue;
    const path = join(dir, name);
    const parsed = PublishedFarmSchema.safeParse(
      await readFile(path, 'utf8')
        .then((text) => JSON.parse(text))
        .catch(() => undefined),
    );
    if (!parsed.success) continue;
    if (alive(parsed.data.pid)) farms.push(parsed.data);
    else await rm(path, { force: true });
  }
  return farms.sort((a, b) => b.startedAt.localeCompare(a.startedAt));
}
