/** Picking test apps by short name (`com.droidproof.settings` → `settings`), for `droidproof virtual --apps`. */
import { TEST_APPS } from '../../test-apps/index.js';
import type { AppDefinition } from './android/app/types.js';

const shortName = (app: AppDefinition) => app.packageName.slice(app.packageName.lastIndexOf('.') + 1);

/** The short names of the test apps, in install order. */
export const TEST_APP_NAMES: readonly string[] = TEST_APPS.map(shortName);

/** The test apps with these short names, in install order (unknown names are skipped). */
export function testAppsNamed(names: readonly string[]): AppDefinition[] {
  return TEST_APPS.filter((app) => names.includes(shortName(app)));
}
