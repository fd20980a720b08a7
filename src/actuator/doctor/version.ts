/**
 * The Operator version rule (brief "Operator version"; seed 003 "Version
 * Compatibility"): `versionName=` from `dumpsys package <pkg>`, compatible when
 * MAJOR.MINOR.PATCH equal droidproof's package.json version after trimming and
 * stripping a trailing `-d`.
 */

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
