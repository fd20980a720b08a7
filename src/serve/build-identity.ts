/**
 * The running process's version and build identity (seed 003 `GET /version`):
 * the CLI entrypoint with its mtime and size, so a daemon started from an
 * older build can be told apart from the current one even at equal versions.
 * Free of schema libraries: the CLI's daemon fast path loads it on every call.
 */
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { droidproofVersion } from '../version.js';

export interface VersionInfo {
  version: string;
  buildIdentity: { entryPath: string | null; mtimeMs: number | null; size: number | null };
}

/** The identity of `entry` (default: this process's main script). */
export function versionInfo(entry: string | undefined = process.argv[1]): VersionInfo {
  const entryPath = entry === undefined ? null : resolve(entry);
  try {
    const stats = entryPath === null ? undefined : statSync(entryPath);
    return {
      version: droidproofVersion(),
      buildIdentity: { entryPath, mtimeMs: stats?.mtimeMs ?? null, size: stats?.size ?? null },
    };
  } catch {
    return { version: droidproofVersion(), buildIdentity: { entryPath, mtimeMs: null, size: null } };
  }
}

export function sameBuild(a: VersionInfo, b: VersionInfo): boolean {
  return (
    a.version === b.version &&
    a.buildIdentity.entryPath === b.buildIdentity.entryPath &&
    a.buildIdentity.mtimeMs === b.buildIdentity.mtimeMs &&
    a.buildIdentity.size === b.buildIdentity.size
  );
}
