/**
 * The broker's `prepare` hook: before a device is handed out it must pass
 * doctor once (the report is cached per device) and is reset: home, and the
 * app under test force-stopped, or its data cleared when so configured.
 * A throw here quarantines the device with the message as its reason. The
 * Operator version doctor read (`dumpsys package`) goes to the worker with
 * the lease, so evidence manifests name it.
 */
import { AdbTransport } from '../../actuator/adb/transport.js';
import { connectDevice } from '../../actuator/connect.js';
import type { Device } from '../../actuator/device/device.js';
import type { DoctorReport } from '../../actuator/doctor/report.js';
import { DroidproofError } from '../../contract/errors.js';
import { type AppReset, appResetCommand, checkAppReset } from '../app-reset.js';
import type { PrepareDevice } from '../lease/broker.js';
import type { DeviceDescriptor } from '../lease/protocol.js';
import type { AppOptions } from '../options.js';

export interface Readiness {
  prepare: PrepareDevice;
  /** Closes the main-process device connections doctor used. */
  close(): void;
}

const HOME = 'input keyevent KEYCODE_HOME';

/** The shell line that resets a device before a hand-out. */
export function resetCommand(app: AppOptions | undefined): string {
  return app ? `${appResetCommand(app, handOutReset(app))}; ${HOME}` : HOME;
}

function handOutReset(app: AppOptions): AppReset {
  return app.clearData === 'never' ? 'force-stop' : 'clear';
}

/** The installed Operator's `versionName`, from doctor's version check. */
export function doctorOperatorVersion(report: DoctorReport): string | undefined {
  const check = report.checks.find((c) => c.id === 'readiness.version.compatibility');
  const version = check?.evidence?.apkVersion;
  return typeof version === 'string' ? version : undefined;
}

export function deviceReadiness(app: AppOptions | undefined): Readiness {
  /** Operator version per healthy device (doctor runs once per device). */
  const healthy = new Map<string, string | undefined>();
  const devices = new Map<string, Device>();
  const transports = new Map<string, AdbTransport>();
  const key = (d: DeviceDescriptor) => `${d.adbHost}:${d.adbPort}/${d.serial}`;

  async function checkHealth(descriptor: DeviceDescriptor): Promise<string | undefined> {
    if (healthy.has(key(descriptor))) return healthy.get(key(descriptor));
    let device = devices.get(key(descriptor));
    if (!device) {
      device = await connectDevice({
        adbHost: descriptor.adbHost,
        adbPort: descriptor.adbPort,
        adbServerKind: descriptor.adbServer,
        serial: descriptor.serial,
        operatorPackage: descriptor.operatorPackage,
        dialect: descriptor.dialect,
      });
      devices.set(key(descriptor), device);
    }
    const report = await device.doctor();
    if (!report.criticalOk) {
      const failed = report.checks.filter((check) => check.status === 'fail');
      throw new DroidproofError(
        'DEVICE_NOT_READY',
        `doctor failed: ${failed.map((check) => `${check.id} (${check.code ?? check.summary})`).join(', ')}`,
        { checks: failed },
      );
    }
    const operatorVersion = doctorOperatorVersion(report);
    healthy.set(key(descriptor), operatorVersion);
    return operatorVersion;
  }

  return {
    async prepare(descriptor) {
      const operatorVersion = await checkHealth(descriptor);
      const address = `${descriptor.adbHost}:${descriptor.adbPort}`;
      let transport = transports.get(address);
      if (!transport) {
        transport = new AdbTransport({ adbHost: descriptor.adbHost, adbPort: descriptor.adbPort });
        transports.set(address, transport);
      }
      const output = await transport.device(descriptor.serial).exec(resetCommand(app));
      if (app) checkAppReset(app, handOutReset(app), output.toString('utf8'));
      return { operatorVersion };
    },
    close() {
      for (const device of devices.values()) device.close();
      devices.clear();
    },
  };
}
