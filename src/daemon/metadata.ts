/**
 * The PID metadata file a daemon writes once it listens, and the ownership
 * check: a daemon is ours when its metadata names a live process and the
 * socket's own `/daemon` answer reports that same pid and key (a reused PID
 * or a foreign listener fails one of the two).
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { z } from 'zod';
import type { DaemonPaths } from './paths.js';

export const PidMetadataSchema = z.object({
  pid: z.number().int().positive(),
  startedAt: z.number(),
  daemonKey: z.string(),
  cliEntryPath: z.string().nullable(),
  rawDeviceId: z.string().nullable(),
});
export type PidMetadata = z.infer<typeof PidMetadataSchema>;

/** What a daemon's `GET /daemon` reports about itself. */
export const DaemonSelfSchema = z.object({ pid: z.number().int(), daemonKey: z.string() });

export async function readMetadata(paths: DaemonPaths): Promise<PidMetadata | undefined> {
  try {
    const parsed = PidMetadataSchema.safeParse(JSON.parse(await readFile(paths.pid, 'utf8')));
    return parsed.success ? parsed.data : undefined;
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
