/**
 * The Android application id grammar (`package` in AndroidManifest.xml): two
 * or more dot-separated segments, each a letter then letters, digits or `_`.
 * Every config value that reaches a device shell as a package name is checked
 * against it first, so `'pkg;rm -rf x'` is refused before anything runs.
 */
import { z } from 'zod';

const PACKAGE_NAME = /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)+$/;

export const PackageNameSchema = z.string().max(255).regex(PACKAGE_NAME, {
  message:
    'must be an Android package name (segments of letters, digits and _ joined by dots, e.g. com.example.app)',
});

export function isPackageName(value: string): boolean {
  return value.length <= 255 && PACKAGE_NAME.test(value);
}
