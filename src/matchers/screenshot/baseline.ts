/**
 * Where a screenshot baseline lives and whether it may be written, the way
 * the runners treat snapshots: beside the test file in
 * `__screenshots__/<test file name>/<name>.png`; written when missing (the
 * runner's `new` mode), rewritten with `-u` (`all`), never written when the
 * runner forbids it (`none`: Vitest in CI, Jest `--ci`) or when `CI` is set,
 * like Playwright: then a missing baseline fails.
 */
import { basename, dirname, join } from 'node:path';
import { DroidproofError } from '../../contract/errors.js';

export type UpdateMode = 'all' | 'new' | 'none';

/** The runner's snapshot state as matchers see it (`this.snapshotState`, Vitest and Jest). */
export interface SnapshotStateLike {
  _updateSnapshot?: string;
}

export function screenshotName(name: string): string {
  if (typeof name !== 'string' || !/^[\w][\w .-]*$/.test(name) || name.includes('..')) {
    throw new DroidproofError(
      'MATCHER_INVALID',
      `toMatchScreenshot needs a name of letters, digits, spaces, '.', '-' or '_', received ${JSON.stringify(name)}`,
    );
  }
  return name.endsWith('.png') ? name : `${name}.png`;
}

export function baselinePath(testPath: string, name: string): string {
  return join(dirname(testPath), '__screenshots__', basename(testPath), screenshotName(name));
}

/** `-u` wins; otherwise CI (the runner's `none`, or the `CI` variable) forbids writing a missing baseline. */
export function updateMode(
  state: SnapshotStateLike | undefined,
  env: NodeJS.ProcessEnv = process.env,
): UpdateMode {
  const mode = state?._updateSnapshot;
  if (mode === 'all') return 'all';
  const ci = env.CI !== undefined && env.CI !== '' && env.CI !== '0' && env.CI !== 'false';
  if (mode === 'none' || ci) return 'none';
  return 'new';
}
