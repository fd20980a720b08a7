/**
 * The individual doctor checks (seed 003 "Check Reference"). Each returns one
 * `DoctorCheckResult`; none throws.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { isDroidproofError } from '../../contract/errors.js';
import { type AdbBinary, adbInstallHint, locateAdb } from '../adb/adb-binary.js';
import type { DeviceShell } from '../adb/device-shell.js';
import type { DeviceEntry } from '../adb/devices.js';
import type { AdbServerKind } from '../adb/server-address.js';
import { shellCommand } from '../adb/shell-quote.js';
import type { AdbTransport } from '../adb/transport.js';
import { parseWmValue } from '../device/device-info.js';
import type { ExecutionEngine } from '../execution/engine.js';
import type { OperatorPresence } from '../execution/operator-presence.js';
import { isInteractive } from '../execution/readiness.js';
import { stringBool } from '../execution/string-bool.js';
import type { DoctorCheckResult } from './report.js';
import { isValidVersion, normalizeVersion, parseDumpsysVersion, versionsCompatible } from './version.js';

const run = promisify(execFile);
const MIN_NODE_MAJOR = 20;

function failure(id: string, error: unknown, summary: string): DoctorCheckResult {
  const code = isDroidproofError(error) ? error.code : 'DOCTOR_FAILED';
  return {
    id,
    status: 'fail',
    code,
    summary,
    detail: error instanceof Error ? error.message : String(error),
  };
}

export function checkNodeVersion(version = process.versions.node): DoctorCheckResult {
  const major = Number.parseInt(version, 10);
  if (major >= MIN_NODE_MAJOR) {
    return { id: 'host.node.version', status: 'pass', summary: `Node version v${version} is compatible.` };
  }
  return {
    id: 'host.node.version',
    status: 'fail',
    code: 'NODE_TOO_OLD',
    summary: `Node version v${version} is too old.`,
    detail: `droidproof requires Node ${MIN_NODE_MAJOR} or newer.`,
    fix: {
      title: 'Install a current Node.js',
      platform: 'any',
      steps: [{ kind: 'manual', value: 'Install Node.js 20 or newer.' }],
    },
  };
}

export async function checkAdbPresence(adb: AdbBinary = locateAdb()): Promise<DoctorCheckResult> {
  try {
    const { stdout } = await run(adb.bin, ['version'], { timeout: 10_000 });
    return {
      id: 'host.adb.presence',
      status: 'pass',
      summary: 'adb is installed.',
      evidence: { version: stdout.split('\n')[0]?.trim(), bin: adb.bin, from: adb.from },
    };
  } catch (error) {
    const hint = adbInstallHint();
    const where = adb.from === 'PATH' ? 'on PATH' : `at ${adb.bin} (from ${adb.from})`;
    return {
      id: 'host.adb.presence',
      status: 'fail',
      code: 'ADB_NOT_FOUND',
      summary: 'adb was not found.',
      detail: `No runnable adb ${where}: ${(error as Error).message}. droidproof looks at ADB, then ANDROID_HOME/ANDROID_SDK_ROOT platform-tools, then PATH.`,
      fix: { title: 'Install Android SDK Platform-Tools', ...hint },
    };
  }
}

export async function checkAdbServer(
  transport: AdbTransport,
  kind: AdbServerKind = 'adb',
): Promise<DoctorCheckResult> {
  try {
    const version = await transport.serverVersion();
    return {
      id: 'host.adb.server',
      status: 'pass',
      summary: kind === 'droidproof' ? "droidproof's adb front end is healthy." : 'adb server is healthy.',
      evidence: { ...transport.address, serverVersion: version, server: kind },
    };
  } catch (error) {
    if (kind === 'droidproof') {
      return {
        ...failure('host.adb.server', error, "droidproof's adb front end is not reachable."),
        code: 'ADB_SERVER_FAILED',
        fix: {
          title: 'Start the virtual devices',
          platform: 'any',
          steps: [{ kind: 'shell', value: 'npx droidproof virtual' }],
        },
      };
    }
    return {
      ...failure('host.adb.server', error, 'adb server is not reachable.'),
      code: 'ADB_SERVER_FAILED',
      fix: {
        title: 'Start the adb server',
        platform: 'any',
        steps: [{ kind: 'shell', value: `adb -P ${transport.address.port} start-server` }],
      },
    };
  }
}

/** device.discovery: the listing, and whether one target is selected (seed 003 doctor "Warning JSON Example"). */
export function checkDiscovery(
  devices: readonly DeviceEntry[],
  requested: string | undefined,
): { check: DoctorCheckResult; serial?: string } {
  const id = 'device.discovery';
  const stateFailure = (entry: DeviceEntry): DoctorCheckResult => {
    const code = entry.state === 'unauthorized' ? 'DEVICE_UNAUTHORIZED' : 'DEVICE_OFFLINE';
    return {
      id,
      status: 'fail',
      code,
      summary: `Device ${entry.serial} is ${entry.state}.`,
      evidence: { serial: entry.serial, state: entry.state },
      fix:
        code === 'DEVICE_UNAUTHORIZED'
          ? {
              title: 'Authorize USB debugging',
              platform: 'any',
              steps: [{ kind: 'manual', value: 'Unlock the device and accept the USB debugging prompt.' }],
            }
          : {
              title: 'Restart the adb server',
              platform: 'any',
              steps: [
                { kind: 'shell', value: 'adb kill-server' },
                { kind: 'shell', value: 'adb start-server' },
              ],
            },
    };
  };
  if (devices.length === 0) {
    return { check: { id, status: 'fail', code: 'NO_DEVICES', summary: 'No devices are connected.' } };
  }
  const ready = devices.filter((d) => d.state === 'device');
  if (requested) {
    const entry = devices.find((d) => d.serial === requested);
    if (entry?.state === 'device') return { check: discovered(requested), serial: requested };
    if (entry) return { check: stateFailure(entry) };
    return {
      check: {
        id,
        status: 'fail',
        code: 'DEVICE_NOT_FOUND',
        summary: `Device ${requested} was not found.`,
        evidence: { connected: ready.map((d) => d.serial) },
      },
    };
  }
  if (ready.length === 1) return { check: discovered(ready[0].serial), serial: ready[0].serial };
  if (ready.length > 1) {
    return {
      check: {
        id,
        status: 'warn',
        code: 'MULTIPLE_DEVICES_DEVICE_ID_REQUIRED',
        summary: 'Multiple devices connected.',
        detail: 'Specify --device <serial> (or set ANDROID_SERIAL) to target a single device.',
        evidence: { devices: ready.map((d) => d.serial) },
      },
    };
  }
  return { check: stateFailure(devices[0]) };
}

function discovered(serial: string): DoctorCheckResult {
  return {
    id: 'device.discovery',
    status: 'pass',
    summary: `Device ${serial} is connected and reachable.`,
    evidence: { serial },
  };
}

export async function checkCapability(shell: DeviceShell): Promise<DoctorCheckResult> {
  try {
    const [sdk, size, density] = await Promise.all(
      ['getprop ro.build.version.sdk', 'wm size', 'wm density'].map(async (c) =>
        (await shell.exec(c)).toString('utf8').trim(),
      ),
    );
    if (!/^\d+$/.test(sdk) || parseWmValue(size) === undefined || parseWmValue(density) === undefined) {
      return {
        id: 'device.capability',
        status: 'fail',
        code: 'DEVICE_SHELL_UNAVAILABLE',
        summary: 'Device shell answered, but SDK version, screen size or density is unreadable.',
        evidence: { sdk, wmSize: size, wmDensity: density },
      };
    }
    return {
      id: 'device.capability',
      status: 'pass',
      summary: 'Device shell is available.',
      evidence: { sdk, wmSize: size, wmDensity: density },
    };
  } catch (error) {
    return {
      ...failure('device.capability', error, 'Device shell is unavailable.'),
      code: 'DEVICE_SHELL_UNAVAILABLE',
    };
  }
}

export async function checkApkPresence(
  presence: OperatorPresence,
  operatorPackage: string,
): Promise<DoctorCheckResult> {
  presence.invalidate();
  try {
    await presence.ensureInstalled();
    return {
      id: 'readiness.apk.presence',
      status: 'pass',
      summary: `Operator APK (${operatorPackage}) is installed.`,
    };
  } catch (error) {
    const check = failure(
      'readiness.apk.presence',
      error,
      `Operator APK (${operatorPackage}) is not usable.`,
    );
    if (check.code === 'OPERATOR_VARIANT_MISMATCH') {
      const installed = String((error as { details: Record<string, unknown> }).details.installedVariant);
      check.fix = {
        title: 'Select the installed Operator variant or install the intended one',
        platform: 'any',
        steps: [
          { kind: 'manual', value: `Pass --operator-package ${installed}, or install ${operatorPackage}.` },
        ],
      };
    } else if (check.code === 'OPERATOR_NOT_INSTALLED') {
      check.fix = {
        title: 'Install the Operator APK',
        platform: 'any',
        steps: [
          {
            kind: 'manual',
            value: `Install the Operator APK for ${operatorPackage} (adb install <operator.apk>).`,
          },
        ],
      };
    }
    return check;
  }
}

export async function checkVersion(
  shell: DeviceShell,
  operatorPackage: string,
  cliVersion: string,
  /** False for a dialect whose Operator versions independently: the version is reported, not compared. */
  pinned = true,
): Promise<DoctorCheckResult> {
  const id = 'readiness.version.compatibility';
  let output: string;
  try {
    output = (await shell.exec(shellCommand('dumpsys package', { quoted: operatorPackage }))).toString(
      'utf8',
    );
  } catch (error) {
    return {
      ...failure(id, error, 'Installed APK version could not be read.'),
      code: 'APK_VERSION_UNREADABLE',
    };
  }
  const { versionName, versionCode } = parseDumpsysVersion(output);
  const evidence = { cliVersion, apkVersion: versionName, apkVersionCode: versionCode, operatorPackage };
  const fail = (code: string, summary: string): DoctorCheckResult => ({
    id,
    status: 'fail',
    code,
    summary,
    evidence,
  });
  if (!isValidVersion(cliVersion))
    return fail('CLI_VERSION_INVALID', `CLI version ${cliVersion} is invalid.`);
  if (versionName === undefined)
    return fail('APK_VERSION_UNREADABLE', 'Installed APK version is unreadable.');
  if (!pinned) {
    return {
      id,
      status: 'pass',
      summary: `Installed Operator ${versionName}; this dialect's Operator versions independently of droidproof.`,
      evidence,
    };
  }
  if (!isValidVersion(versionName))
    return fail('APK_VERSION_INVALID', `APK version ${versionName} is invalid.`);
  if (!versionsCompatible(cliVersion, versionName)) {
    return {
      id,
      status: 'fail',
      code: 'VERSION_INCOMPATIBLE',
      summary: 'CLI and installed APK versions are not compatible.',
      detail: `CLI version ${cliVersion} is not compatible with installed APK version ${versionName}.`,
      evidence,
      fix: {
        title: 'Install the Operator APK matching droidproof',
        platform: 'any',
        steps: [
          {
            kind: 'manual',
            value: `Install Operator ${normalizeVersion(cliVersion)} for ${operatorPackage}.`,
          },
        ],
      },
    };
  }
  return {
    id,
    status: 'pass',
    summary: `CLI ${cliVersion} is compatible with installed APK ${versionName}.`,
    evidence,
  };
}

/** readiness.settings.*: advisory, from `settings get global`. */
export async function checkSetting(
  shell: DeviceShell,
  id: 'readiness.settings.dev_options' | 'readiness.settings.usb_debugging',
): Promise<DoctorCheckResult> {
  const [key, code, label] =
    id === 'readiness.settings.dev_options'
      ? ['development_settings_enabled', 'DEVICE_DEV_OPTIONS_DISABLED', 'Developer options']
      : ['adb_enabled', 'DEVICE_USB_DEBUGGING_DISABLED', 'USB debugging'];
  const value = await shell
    .exec(shellCommand('settings get global', { quoted: key }))
    .then((b) => b.toString('utf8').trim())
    .catch(() => 'unreadable');
  if (value === '1') return { id, status: 'pass', summary: `${label} is enabled.` };
  return { id, status: 'warn', code, summary: `${label} is not enabled.`, evidence: { [key]: value } };
}

export interface HandshakeOutcome {
  check: DoctorCheckResult;
  data?: Record<string, unknown>;
}

export async function checkHandshake(engine: ExecutionEngine): Promise<HandshakeOutcome> {
  const id = 'readiness.handshake';
  try {
    const result = await engine.handshake();
    const step = result.envelope.stepResults.find((s) => s.actionType === 'doctor_ping');
    return {
      check: {
        id,
        status: 'pass',
        summary: 'Handshake successful.',
        detail: 'droidproof dispatched a command and received a valid result envelope.',
        evidence: { probeCommandId: result.probeCommandId },
      },
      data: step?.data,
    };
  } catch (error) {
    const check = failure(id, error, 'Handshake failed.');
    if (check.code === 'DEVICE_ACCESSIBILITY_NOT_RUNNING') {
      check.deviceGuidance = {
        screen: 'Accessibility Settings',
        steps: ['Enable the Operator accessibility service.'],
      };
    }
    return { check };
  }
}

export function checkInteractive(data: Record<string, unknown>): DoctorCheckResult {
  const evidence = {
    deviceLocked: stringBool(data.device_locked),
    screenOn: stringBool(data.screen_on),
    userUnlocked: stringBool(data.user_unlocked),
  };
  if (Object.values(evidence).every((value) => value === null)) {
    // The released Clawperator Operator's doctor_ping reports only developer options and USB debugging.
    return {
      id: 'readiness.device.interactive',
      status: 'warn',
      summary: 'The Operator does not report whether the device is interactive.',
      detail:
        'Its doctor_ping has no screen_on, device_locked or user_unlocked; wake and unlock the device yourself.',
      evidence,
    };
  }
  if (isInteractive(evidence)) {
    return {
      id: 'readiness.device.interactive',
      status: 'pass',
      summary: 'Device is interactive.',
      evidence,
    };
  }
  return {
    id: 'readiness.device.interactive',
    status: 'fail',
    code: 'DEVICE_NOT_INTERACTIVE',
    summary: 'Device is not interactive.',
    detail: `Interactive automation requires an awake, usable device state. screenOn=${evidence.screenOn} deviceLocked=${evidence.deviceLocked} userUnlocked=${evidence.userUnlocked}`,
    evidence,
    fix: {
      title: 'Wake and unlock the device',
      platform: 'any',
      steps: [{ kind: 'manual', value: 'On device, wake and unlock the target before rerunning doctor.' }],
    },
  };
}

/** The background-observation capability: an observation-only query that must succeed without waking the device. */
export async function checkBackgroundObservation(engine: ExecutionEngine): Promise<DoctorCheckResult> {
  const id = 'readiness.background.observation';
  const commandId = `doctor-bg-${Date.now()}`;
  try {
    const result = await engine.run({
      commandId,
      taskId: commandId,
      source: 'droidproof-doctor',
      expectedFormat: 'android-ui-automator',
      timeoutMs: 10_000,
      actions: [
        { id: 'notifications', type: 'list_notifications', params: { limit: 1 } },
        { id: 'media', type: 'list_media_sessions', params: { limit: 1 } },
      ],
    });
    if (result.envelope.status === 'success') {
      return { id, status: 'pass', summary: 'Notification and media queries work in the background.' };
    }
    const failed = result.envelope.stepResults.find((s) => !s.success);
    return {
      id,
      status: 'fail',
      code:
        result.envelope.errorCode ?? String(failed?.data.errorCode ?? failed?.data.error ?? 'ACTION_FAILED'),
      summary: 'Background observation query failed.',
      detail: result.envelope.error ?? undefined,
    };
  } catch (error) {
    return failure(id, error, 'Background observation query failed.');
  }
}
