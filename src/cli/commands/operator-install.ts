/**
 * `droidproof operator install [--apk <path>] [--device <serial>]` (seed 003
 * "Operator Setup Phases", also accepted as `operator setup`): installs the
 * Operator APK with `adb install -r`, enables what the adb shell may enable
 * (the accessibility service, the notification listener, the DUMP grant when
 * the APK requests it), verifies the package, runs doctor, and lists what a
 * person must still do on the device. Without `--apk` it installs the APK that
 * ships in the npm package (`operator/droidproof-operator-<version>.apk`).
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { resolveDevice } from '../../actuator/adb/devices.js';
import { shellCommand } from '../../actuator/adb/shell-quote.js';
import { AdbTransport } from '../../actuator/adb/transport.js';
import type { DoctorReport } from '../../actuator/doctor/report.js';
import { parsePackageList } from '../../actuator/execution/operator-presence.js';
import { type DialectName, resolveDialect, selectOperatorPackage } from '../../contract/dialect.js';
import { DroidproofError } from '../../contract/errors.js';
import { withoutOwnPaths } from '../../contract/own-paths.js';
import { droidproofVersion } from '../../version.js';
import type { CliCommand } from '../command.js';
import { EXIT } from '../command.js';
import { UsageError } from '../errors.js';
import { DEVICE_FLAGS, stringFlag, targetFromFlags } from './device-flags.js';
import { doctorFromFlags } from './doctor.js';

/** Component classes of droidproof's Operator (and of an Androperator/Clawperator-compatible build). */
const ACCESSIBILITY_SERVICE = 'app.androperator.operator.app.OperatorAccessibilityService';
const NOTIFICATION_LISTENER = 'app.androperator.operator.app.OperatorNotificationListener';

/** The APK in the npm package: `operator/` sits beside `src/` or `dist/` (from `dist/src/cli/commands/` or the bundled bin's `dist/cli/`). */
export function packagedApkCandidates(version = droidproofVersion()): string[] {
  const name = `droidproof-operator-${version}.apk`;
  return ['../../../operator/', '../../../../operator/', '../../operator/'].map((dir) =>
    fileURLToPath(new URL(dir + name, import.meta.url)),
  );
}

function locateApk(explicit: string | undefined, cwd: string): string {
  const candidates = explicit ? [resolve(cwd, explicit)] : packagedApkCandidates();
  const found = candidates.find((path) => existsSync(path));
  if (found) return found;
  throw new DroidproofError(
    'OPERATOR_APK_NOT_FOUND',
    explicit
      ? `No APK at ${candidates[0]}`
      : 'The Operator APK is not in this installation of droidproof; build it with `npm run build:operator` or pass --apk',
    { searched: candidates.map(withoutOwnPaths) },
  );
}

interface Grant {
  ok: boolean;
  skipped?: boolean;
  component?: string;
  output?: string;
}

type Shell = (command: string) => Promise<string>;

/** Adds the service to `enabled_accessibility_services` (keeping the others) and turns accessibility on. */
async function enableAccessibility(shell: Shell, component: string): Promise<Grant> {
  const current = (await shell('settings get secure enabled_accessibility_services')).trim();
  const enabled = current === '' || current === 'null' ? [] : current.split(':');
  if (!enabled.includes(component)) {
    await shell(
      shellCommand('settings', 'put', 'secure', 'enabled_accessibility_services', {
        quoted: [...enabled, component].join(':'),
      }),
    );
  }
  await shell('settings put secure accessibility_enabled 1');
  const after = (await shell('settings get secure enabled_accessibility_services')).trim().split(':');
  return { ok: after.includes(component), component };
}

/** `cmd notification allow_listener` prints nothing on success. */
async function allowListener(shell: Shell, component: string): Promise<Grant> {
  const output = (
    await shell(shellCommand('cmd', 'notification', 'allow_listener', { quoted: component }))
  ).trim();
  return { ok: output === '', component, ...(output ? { output } : {}) };
}

/** DUMP is a development permission: grantable only when the APK requests it. */
async function grantDump(shell: Shell, operatorPackage: string): Promise<Grant> {
  const output = (
    await shell(shellCommand('pm', 'grant', { quoted: operatorPackage }, 'android.permission.DUMP'))
  ).trim();
  if (output === '') return { ok: true };
  if (/has not requested permission/.test(output)) return { ok: true, skipped: true, output };
  return { ok: false, output };
}

/** What the shell cannot do: steps for a person at the device, from the grants and the doctor. */
function manualSteps(
  operatorPackage: string,
  permissions: Record<string, Grant>,
  doctor: DoctorReport,
): string[] {
  const steps: string[] = [];
  if (!permissions.accessibility.ok) {
    steps.push(
      'Settings > Accessibility > droidproof Operator: turn the service on. On Android 13+ a sideloaded app may first need App info > ⋮ > "Allow restricted settings".',
    );
  }
  if (!permissions.notificationListener.ok) {
    steps.push(
      'Settings > Notifications > Device & app notifications: allow droidproof Operator (needed for notifications and media).',
    );
  }
  for (const check of doctor.checks) {
    if (check.status === 'pass') continue;
    for (const step of check.fix?.steps ?? []) {
      if (step.kind === 'manual') steps.push(`${check.summary} ${step.value}`);
    }
    for (const step of check.deviceGuidance?.steps ?? []) steps.push(`${check.summary} ${step}`);
  }
  if (steps.length === 0) {
    steps.push(
      `Nothing: ${operatorPackage} is installed and ready. Keep the screen unlocked while tests run.`,
    );
  }
  return [...new Set(steps)];
}

export const operatorCommand: CliCommand = {
  name: 'operator',
  summary: 'Install the Operator APK on a device and enable it',
  usage: 'operator install [--apk <path>] [--device <serial>] [--operator-package <pkg>]',
  flags: {
    ...DEVICE_FLAGS,
    apk: {
      type: 'string',
      valueName: '<path>',
      description: 'APK to install (default: the one in the package)',
    },
  },
  async run({ args, cwd, env }) {
    const [sub, ...extra] = args.positionals;
    if (sub !== 'install' && sub !== 'setup')
      throw new UsageError('usage: droidproof operator install [--apk <path>]');
    if (extra.length > 0) throw new UsageError(`unexpected argument ${extra[0]}`);
    const apk = locateApk(stringFlag(args, 'apk'), cwd);
    const dialect = resolveDialect(stringFlag(args, 'dialect') as DialectName | undefined);
    const operatorPackage = selectOperatorPackage(dialect, stringFlag(args, 'operator-package'));
    const target = await targetFromFlags(args, env);
    const transport = new AdbTransport(target);
    const deviceId = resolveDevice(await transport.listDevices(), target.serial);
    const device = transport.device(deviceId);
    const shell: Shell = async (command) => (await device.exec(command)).toString('utf8');

    await transport.install(deviceId, apk);

    const packages = await shell(shellCommand('pm', 'list', 'packages', { quoted: operatorPackage }));
    if (!parsePackageList(packages).has(operatorPackage)) {
      throw new DroidproofError(
        'OPERATOR_VERIFY_FAILED',
        `${apk} installed, but ${operatorPackage} is not on the device; pass --operator-package with the APK's package`,
        { apk, operatorPackage, packages: packages.trim() },
      );
    }

    const permissions = {
      accessibility: await enableAccessibility(shell, `${operatorPackage}/${ACCESSIBILITY_SERVICE}`),
      notificationListener: await allowListener(shell, `${operatorPackage}/${NOTIFICATION_LISTENER}`),
      dump: await grantDump(shell, operatorPackage),
    };
    const doctor = await doctorFromFlags(args, 'interactive', env);
    const ready = doctor.criticalOk && Object.values(permissions).every((grant) => grant.ok);
    return {
      body: {
        operatorPackage,
        deviceId,
        apk,
        install: { ok: true },
        permissions,
        verification: { ok: true, packageInstalled: true },
        doctor,
        manualSteps: manualSteps(operatorPackage, permissions, doctor),
        message: ready
          ? 'Operator installed and ready.'
          : 'Operator installed; finish the manual steps, then run droidproof doctor.',
      },
      exitCode: ready ? EXIT.OK : EXIT.FAILURE,
    };
  },
};
