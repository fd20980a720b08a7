import adbkit from '@devicefarmer/adbkit';

type AdbClass = typeof adbkit.default;

/**
 * adbkit is CommonJS: Node hands `module.exports` to a default import (the
 * class is on `.default`), Vite hands over the class itself. Works under both.
 */
export const Adb: AdbClass = 'createClient' in adbkit ? (adbkit as unknown as AdbClass) : adbkit.default;

/** The fields of an adbkit-logcat entry the tests read. */
export interface LogcatEntry {
  priority: number;
  tag: string;
  message: string;
  pid: number;
}
