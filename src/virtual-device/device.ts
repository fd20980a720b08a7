/**
 * The virtual device as the adb layer serves it: the emulated Android with
 * the test apps, plus the Operator packages installed and running (the
 * composition the farm's default `createDevice` uses).
 */
import { TEST_APPS } from '../../test-apps/index.js';
import { DIALECTS, operatorVersionName } from '../contract/dialect.js';
import { DroidproofError } from '../contract/errors.js';
import { droidproofVersion } from '../version.js';
import type { AppDefinition } from './android/app/types.js';
import { createVirtualAndroid, type VirtualAndroid } from './android/device.js';
import { OPERATOR_ACTIONS } from './operator/actions/index.js';
import { accessibilityServiceName, androidPlatform } from './operator/android-platform.js';
import { type OperatorFaults, VirtualOperator } from './operator/operator.js';
import type { DeviceServices, InstallResult, ShellIo } from './services.js';

/** Fault switches of the Operator installation (on top of the per-process `OperatorFaults`). */
export interface OperatorSetupFaults extends OperatorFaults {
  /** The Operator packages are not installed (the host sees OPERATOR_NOT_INSTALLED). */
  notInstalled?: boolean;
  /** The Operator accessibility service is not enabled (envelopes fail with SERVICE_UNAVAILABLE). */
  accessibilityOff?: boolean;
  /** The notification listener is disconnected (NOTIFICATION_LISTENER_DISCONNECTED). */
  listenerDisconnected?: boolean;
}

export interface OperatorSetup {
  /** Packages to install; default: both packages of the dialect (release and `.dev`). */
  packages?: readonly string[];
  /** Wire dialect; default `androperator`. */
  dialect?: keyof typeof DIALECTS;
  faults?: OperatorSetupFaults;
  /** Host milliseconds between chunk lines (default: written back to back). */
  chunkIntervalMs?: number;
}

export interface VirtualDeviceOptions {
  serial: string;
  /** App models to install; default: the test apps (`TEST_APPS`, launcher included). */
  apps?: readonly AppDefinition[];
  operator?: OperatorSetup;
}

/** A virtual device: `DeviceServices` for the adb layer, plus the model and the Operators for tests. */
export class VirtualDevice implements DeviceServices {
  readonly android: VirtualAndroid;
  /** Running Operators by package. */
  readonly operators = new Map<string, VirtualOperator>();
  private readonly unregister: Array<() => void> = [];

  constructor(options: VirtualDeviceOptions) {
    const setup = options.operator ?? {};
    const dialect = DIALECTS[setup.dialect ?? 'androperator'];
    const faults = setup.faults ?? {};
    const packages = setup.packages ?? dialect.packages;
    const version = droidproofVersion();
    this.android = createVirtualAndroid({
      serial: options.serial,
      apps: [...(options.apps ?? TEST_APPS)],
      packages: faults.notInstalled
        ? []
        : packages.map((packageName) => ({
            packageName,
            versionName: operatorVersionName(packageName, version),
            label: 'Operator',
          })),
    });
    if (faults.notInstalled) return;
    if (!faults.accessibilityOff) {
      this.android.settings.put(
        'secure',
        'enabled_accessibility_services',
        packages.map(accessibilityServiceName).join(':'),
      );
      this.android.settings.put('secure', 'accessibility_enabled', '1');
    }
    for (const packageName of packages) {
      if (faults.listenerDisconnected)
        this.android.notifications.setListener(packageName, { connected: false });
      const pid = this.android.activities.ensureProcess(packageName);
      const operator = new VirtualOperator({
        platform: androidPlatform(this.android, packageName),
        packageName,
        dialect,
        actions: OPERATOR_ACTIONS,
        faults,
        chunkIntervalMs: setup.chunkIntervalMs,
        pid,
        log: (message, priority, tag) =>
          this.android.log(tag ?? dialect.resultTag, message, priority ?? 'I', pid),
      });
      this.operators.set(packageName, operator);
      this.unregister.push(
        this.android.broadcasts.register(dialect.action, packageName, (intent) => {
          const payload = intent.extras.payload;
          // The receiver hands off to the Operator's worker, like goAsync().
          void operator.receive(typeof payload === 'string' ? payload : '');
        }),
      );
    }
  }

  get serial(): string {
    return this.android.serial;
  }

  get product(): { name: string; model: string; device: string } {
    return this.android.product;
  }

  get fs(): DeviceServices['fs'] {
    return this.android.fs;
  }

  shell(commandLine: string, io: ShellIo): Promise<number> {
    return this.android.shell(commandLine, io);
  }

  install(apk: Buffer, args: readonly string[]): Promise<InstallResult> {
    return this.android.install(apk, args);
  }

  /** The Operator of `packageName`, or the first installed one. */
  operator(packageName?: string): VirtualOperator {
    const operator = packageName ? this.operators.get(packageName) : this.operators.values().next().value;
    if (!operator) {
      throw new DroidproofError(
        'OPERATOR_NOT_INSTALLED',
        `no Operator ${packageName ?? ''} is installed on ${this.serial}`,
      );
    }
    return operator;
  }

  dispose(): void {
    for (const unregister of this.unregister) unregister();
    for (const operator of this.operators.values()) operator.dispose();
    this.android.dispose();
  }
}

/** Creates a virtual device (the farm's default `createDevice`). */
export function createVirtualDevice(options: VirtualDeviceOptions): VirtualDevice {
  return new VirtualDevice(options);
}
