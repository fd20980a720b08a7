/**
 * The virtual device as the adb layer serves it: the emulated Android with
 * the test apps, plus the Operator packages installed and running (the
 * composition the farm's default `createDevice` uses).
 */
import { TEST_APPS } from '../../test-apps/index.js';
import { DIALECTS, type OperatorDialect, operatorVersionName } from '../contract/dialect.js';
import { DroidproofError } from '../contract/errors.js';
import { droidproofVersion } from '../version.js';
import type { AppDefinition } from './android/app/types.js';
import { createVirtualAndroid, type VirtualAndroid } from './android/device.js';
import type { PackageSpec } from './android/system/packages.js';
import type { PeerChannel } from './android/system/peers.js';
import { OPERATOR_ACTIONS } from './operator/actions/index.js';
import { accessibilityServiceName, androidPlatform, OPERATOR_CLASSES } from './operator/android-platform.js';
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
  /**
   * Operator packages to preinstall; default: the dialect's release package
   * only (one variant, as a phone set up for one client has). Name the `.dev`
   * variant, or both, to test variant handling.
   */
  packages?: readonly string[];
  /** Wire dialect; default `androperator`. */
  dialect?: keyof typeof DIALECTS;
  /**
   * The Operator's `versionName` (what `dumpsys package` shows and clients
   * check); default droidproof's own version, with `-d` on a `.dev` package.
   */
  version?: string;
  faults?: OperatorSetupFaults;
  /** Host milliseconds between chunk lines (default: written back to back). */
  chunkIntervalMs?: number;
}

export interface VirtualDeviceOptions {
  serial: string;
  /** App models to install; default: the test apps (`TEST_APPS`, launcher included). */
  apps?: readonly AppDefinition[];
  operator?: OperatorSetup;
  /** The farm's channel between its devices (`ctx.sendToPeers` in test apps). */
  peers?: PeerChannel;
}

/** The Operator's notification listener component, as `enabled_notification_listeners` lists it. */
function notificationListenerName(packageName: string): string {
  return `${packageName}/${OPERATOR_CLASSES}.OperatorNotificationListener`;
}

/** The Operator package as its manifest declares it, so `dumpsys package` shows its receiver and services. */
function operatorPackageSpec(
  packageName: string,
  dialect: OperatorDialect,
  versionName: string,
): PackageSpec {
  const component = (name: string, action: string) => ({ name, exported: true, actions: [action] });
  return {
    packageName,
    versionName,
    label: 'Operator',
    requestedPermissions: ['android.permission.QUERY_ALL_PACKAGES', 'android.permission.POST_NOTIFICATIONS'],
    receivers: [component(`${OPERATOR_CLASSES}.AgentCommandReceiver`, dialect.action)],
    services: [
      component(
        accessibilityServiceName(packageName).split('/')[1],
        'android.accessibilityservice.AccessibilityService',
      ),
      component(
        notificationListenerName(packageName).split('/')[1],
        'android.service.notification.NotificationListenerService',
      ),
    ],
  };
}

/**
 * A virtual device: `DeviceServices` for the adb layer, plus the model and the
 * Operators for tests. An Operator runs for each installed package of the
 * dialect: the preinstalled ones, and any installed later from an APK (its
 * version is then the APK's), until it is uninstalled.
 */
export class VirtualDevice implements DeviceServices {
  readonly android: VirtualAndroid;
  /** Running Operators by package. */
  readonly operators = new Map<string, VirtualOperator>();
  private readonly unregister = new Map<string, () => void>();
  private readonly unsubscribePackages: () => void;

  constructor(options: VirtualDeviceOptions) {
    const setup = options.operator ?? {};
    const dialect = DIALECTS[setup.dialect ?? 'androperator'];
    const faults = setup.faults ?? {};
    const packages = faults.notInstalled ? [] : (setup.packages ?? [dialect.packages[0]]);
    this.android = createVirtualAndroid({
      serial: options.serial,
      apps: [...(options.apps ?? TEST_APPS)],
      packages: packages.map((packageName) =>
        operatorPackageSpec(
          packageName,
          dialect,
          setup.version ?? operatorVersionName(packageName, droidproofVersion()),
        ),
      ),
      peers: options.peers,
    });
    if (packages.length > 0 && !faults.listenerDisconnected) {
      this.android.settings.put(
        'secure',
        'enabled_notification_listeners',
        packages.map(notificationListenerName).join(':'),
      );
    }
    if (packages.length > 0 && !faults.accessibilityOff) {
      this.android.settings.put(
        'secure',
        'enabled_accessibility_services',
        packages.map(accessibilityServiceName).join(':'),
      );
      this.android.settings.put('secure', 'accessibility_enabled', '1');
    }
    const start = (packageName: string) => {
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
      this.unregister.set(
        packageName,
        this.android.broadcasts.register(dialect.action, packageName, (intent) => {
          const payload = intent.extras.payload;
          // The receiver hands off to the Operator's worker, like goAsync().
          void operator.receive(typeof payload === 'string' ? payload : '');
        }),
      );
    };
    for (const packageName of packages) start(packageName);
    const known: readonly string[] = dialect.packages;
    this.unsubscribePackages = this.android.packages.subscribe(({ type, packageName }) => {
      if (!known.includes(packageName)) return;
      if (type === 'removed') this.stopOperator(packageName);
      // After the install returns: an update force-stops the package first, then the new process starts.
      else if (!this.operators.has(packageName))
        queueMicrotask(() => {
          if (this.android.packages.isInstalled(packageName) && !this.operators.has(packageName))
            start(packageName);
        });
    });
  }

  private stopOperator(packageName: string): void {
    this.unregister.get(packageName)?.();
    this.unregister.delete(packageName);
    this.operators.get(packageName)?.dispose();
    this.operators.delete(packageName);
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

  programRuns(): ReadonlyMap<string, number> {
    return this.android.programRuns();
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
    this.unsubscribePackages();
    for (const packageName of [...this.operators.keys()]) this.stopOperator(packageName);
    this.android.dispose();
  }
}

/** Creates a virtual device (the farm's default `createDevice`). */
export function createVirtualDevice(options: VirtualDeviceOptions): VirtualDevice {
  return new VirtualDevice(options);
}
