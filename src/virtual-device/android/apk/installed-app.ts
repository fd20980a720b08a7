/**
 * The app model of a package installed from an APK: its code cannot run
 * here, so each declared activity is a blank screen titled with the app's
 * label, under the class name the manifest gives it. The activity with the
 * MAIN action (else the first) is the launcher activity. That is enough for
 * `am start -n`, the launcher and `open_app` to behave as on a phone.
 */
import { defineApp } from '../app/define-app.js';
import type { AppDefinition } from '../app/types.js';
import { column, text } from '../app/views.js';
import type { ApkManifest } from './manifest.js';

export function installedAppModel(manifest: ApkManifest): AppDefinition | undefined {
  const activities = manifest.activities;
  if (activities.length === 0) return undefined;
  const launcher = activities.find((a) => a.actions.includes('android.intent.action.MAIN')) ?? activities[0];
  const others = activities.filter((a) => a !== launcher);
  const label = manifest.label ?? manifest.packageName;
  const blank = () => column([text(label, { id: 'android:id/title', height: 64 })]);
  const screens = Object.fromEntries([['main', blank], ...others.map((_, i) => [`activity${i + 1}`, blank])]);
  return defineApp({
    packageName: manifest.packageName,
    label,
    versionName: manifest.versionName,
    versionCode: manifest.versionCode,
    initialState: () => ({}),
    screens,
    activityNames: Object.fromEntries([
      ['main', launcher.name],
      ...others.map((a, i) => [`activity${i + 1}`, a.name]),
    ]),
  });
}
