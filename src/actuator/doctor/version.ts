/**
 * The Operator version rule (brief "Operator version"; seed 003 "Version
 * Compatibility"): `versionName=` from `dumpsys package <pkg>`, compatible when
 * MAJOR.MINOR.PATCH equal droidproof's package.json version after trimming and
 * stripping a trailing `-d`.
 */
import { readFileSync } from 'node:fs';

const VERSION = /^(\d+)\.(\d+)\.(\d+)$/;

export function normalizeVersion(version: string): string {
  return version.trim().replace(/-d$/, '');
}

export function isValidVersion(version: string): boolean {
  return VERSION.test(normalizeVersion(version));
}

export function versionsCompatible(cliVersion: string, apkVersion: string): boolean {
  return isValidVersion(cliVersion) && normalizeVersion(cliVersion) === normalizeVersion(apkVersion);
}

/** `versionName` and `versionCode` from `dumpsys package` output (the first package block). */
export function parseDumpsysVersion(output: string): { versionName?: string; versionCode?: number } {
  const name = /versionName=(\S+)/.exec(output)?.[1];
  const code = /versionCode=(\d+)/.exec(output)?.[1];
  return { versionName: name, versionCode: code === undefined ? undefined : Number(code) };
}

/** droidproof's own version from its package.json (two levels above src/actuator/doctor, in src or dist). */
export function droidproofVersion(): string {
  for (const relative of ['../../../package.json', '../../../../package.json']) {
    try {
      const pkg = JSON.parse(readFileSync(new URL(relative, import.meta.url), 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (pkg.name === 'droidproof' && typeof pkg.version === 'string') return pkg.version;
    } catch {
      // Try the next layout (running from src/ or from dist/src/).
    }
  }
  return '0.0.0';
}
