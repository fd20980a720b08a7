/**
 * The one place that turns the configured app under test into device shell
 * commands (lease hand-out and per-test hygiene), quoting the package and
 * checking what the device answered: an app that is not installed is a typed
 * APP_NOT_INSTALLED naming it, never a silently skipped reset.
 */
import { shellCommand } from '../actuator/adb/shell-quote.js';
import { DroidproofError } from '../contract/errors.js';
import type { AppOptions } from './options.js';

export type AppReset = 'force-stop' | 'clear';

/**
 * `pm clear` answers `Success`/`Failed`; `am force-stop` prints nothing either
 * way, so it is preceded by `pm path`, which prints `package:<apk>` only for
 * an installed package.
 */
export function appResetCommand(app: AppOptions, reset: AppReset): string {
  const pkg = { quoted: app.applicationId };
  return reset === 'clear'
    ? shellCommand('pm clear', pkg)
    : `${shellCommand('pm path', pkg)}; ${shellCommand('am force-stop', pkg)}`;
}

export function checkAppReset(app: AppOptions, reset: AppReset, output: string): void {
  const ok = reset === 'clear' ? /^Success\s*$/m.test(output) : /^package:/m.test(output);
  if (ok) return;
  throw new DroidproofError(
    'APP_NOT_INSTALLED',
    `the app under test ${app.applicationId} is not installed on the device (${reset === 'clear' ? 'pm clear' : 'pm path'} answered ${JSON.stringify(output.trim() || '(nothing)')})`,
    { applicationId: app.applicationId, reset, output: output.trim() },
  );
}

/** The reset a test gets: data cleared per test, per file (first test), or only a force-stop. */
export function resetFor(app: AppOptions, firstTestOfFile: boolean): AppReset {
  return app.clearData === 'test' || (app.clearData === 'file' && firstTestOfFile) ? 'clear' : 'force-stop';
}
