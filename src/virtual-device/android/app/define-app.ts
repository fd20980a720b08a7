/** Declares a test app; checks the parts the device relies on. */
import { DroidproofError } from '../../../contract/errors.js';
import { PACKAGE_NAME_PATTERN } from '../system/packages.js';
import type { AppDefinition } from './types.js';

export function defineApp<S>(definition: AppDefinition<S>): AppDefinition<S> {
  if (!PACKAGE_NAME_PATTERN.test(definition.packageName)) {
    throw new DroidproofError('INVALID_APP_DEFINITION', `invalid package name ${definition.packageName}`);
  }
  if (!definition.screens.main) {
    throw new DroidproofError('INVALID_APP_DEFINITION', `${definition.packageName} has no main screen`);
  }
  for (const link of definition.deepLinks ?? []) {
    if (!definition.screens[link.screen]) {
      throw new DroidproofError(
        'INVALID_APP_DEFINITION',
        `deep link ${link.prefix} names unknown screen ${link.screen}`,
      );
    }
  }
  for (const [action, target] of Object.entries(definition.actions ?? {})) {
    if (!definition.screens[target.screen]) {
      throw new DroidproofError(
        'INVALID_APP_DEFINITION',
        `action ${action} names unknown screen ${target.screen}`,
      );
    }
  }
  return definition;
}
