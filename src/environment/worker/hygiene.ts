/**
 * Per-test hygiene for the configured app under test: force-stop it (or
 * clear its data, per test or per file), then open it when `launch` is set.
 * Without an app there is nothing to do per test: the device was reset when
 * it was leased.
 */
import type { DeviceShell } from '../../actuator/adb/device-shell.js';
import type { Device } from '../../actuator/device/device.js';
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
  const clear = app.clearData === 'test' || (app.clearData === 'file' && firstTestOfFile);
  await target.shell.exec(`${clear ? 'pm clear' : 'am force-stop'} ${app.applicationId}`);
  if (app.launch) await target.device.openApp(app.applicationId);
}
