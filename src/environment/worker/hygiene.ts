/**
 * Per-test hygiene for the configured app under test: force-stop it (or
 * clear its data, per test or per file), then open it when `launch` is set.
 * Without an app there is nothing to do per test: the device was reset when
 * it was leased.
 */
import type { DeviceShell } from '../../actuator/adb/device-shell.js';
import type { Device } from '../../actuator/device/device.js';
import { appResetCommand, checkAppReset, resetFor } from '../app-reset.js';
import type { AppOptions } from '../options.js';

export interface HygieneTarget {
  device: Device;
  shell: DeviceShell;
}

export async function resetForTest(
  target: HygieneTarget,
  app: AppOptions | undefined,
  firstTestOfFile: boolean,
): Promise<void> {
  if (!app) return;
  const reset = resetFor(app, firstTestOfFile);
  checkAppReset(app, reset, (await target.shell.exec(appResetCommand(app, reset))).toString('utf8'));
  if (app.launch) await target.device.openApp(app.applicationId);
}
