/**
 * Doctor: the checks in the seed's order, stopping the required sequence at
 * the first required check that does not pass and listing what it blocked in
 * `skippedChecks` (seed 003 "Check Sequence", "Critical Vs Advisory").
 * `criticalOk` (= `ok`) is true only when every required check ran and passed.
 * The `background-observation` capability replaces the handshake and
 * interactive checks with one observation-only query (seed 003 "Background
 * observation readiness").
 */

import { droidproofVersion } from '../../version.js';
import type { AdbBinary } from '../adb/adb-binary.js';
import type { DeviceShell } from '../adb/device-shell.js';
import type { AdbServerKind } from '../adb/server-address.js';
import type { AdbTransport } from '../adb/transport.js';
import type { ExecutionEngine } from '../execution/engine.js';
import type { OperatorPresence } from '../execution/operator-presence.js';
import {
  checkAdbPresence,
  checkAdbServer,
  checkApkPresence,
  checkBackgroundObservation,
  checkCapability,
  checkDiscovery,
  checkHandshake,
  checkInteractive,
  checkNodeVersion,
  checkSetting,
  checkVersion,
} from './checks.js';
import {
  type DoctorCapability,
  type DoctorCheckResult,
  type DoctorReport,
  isCriticalCheck,
} from './report.js';

/** The per-device parts doctor needs once a serial is resolved. */
export interface DoctorTarget {
  shell: DeviceShell;
  presence: OperatorPresence;
  engine: ExecutionEngine;
}

export interface DoctorInput {
  transport: AdbTransport;
  requestedSerial?: string;
  operatorPackage: string;
  capability?: DoctorCapability;
  /** Builds (or reuses) the device parts for the resolved serial. */
  target(serial: string): DoctorTarget;
  /** The adb binary to check; default looked up by `locateAdb`. */
  adb?: AdbBinary;
  /** `droidproof` when the address is droidproof's own adb front end: no adb binary is needed then. */
  adbServerKind?: AdbServerKind;
  cliVersion?: string;
}

const DOCS = 'Docs: docs/doctor.md';
const SKIP_REASON = 'Required check was not run because prerequisite verification did not complete.';
const FRONT_END_REASON =
  "Not required: the device is served by droidproof's own adb front end, so no adb binary is used.";

function requiredSequence(capability: DoctorCapability, kind: AdbServerKind): string[] {
  const common = [
    'host.node.version',
    ...(kind === 'adb' ? ['host.adb.presence'] : []),
    'host.adb.server',
    'device.discovery',
    'device.capability',
    'readiness.apk.presence',
    'readiness.version.compatibility',
  ];
  return capability === 'background-observation'
    ? [...common, 'readiness.background.observation']
    : [...common, 'readiness.handshake', 'readiness.device.interactive'];
}

export async function runDoctor(input: DoctorInput): Promise<DoctorReport> {
  const capability = input.capability ?? 'interactive';
  const kind = input.adbServerKind ?? 'adb';
  const checks: DoctorCheckResult[] = [];
  let deviceId: string | undefined;
  /** Adds a check; false when a required check did not pass (the sequence stops). */
  const add = (check: DoctorCheckResult): boolean => {
    checks.push(check);
    return !(isCriticalCheck(check.id) && check.status !== 'pass');
  };
  const sequence = async (): Promise<void> => {
    if (!add(checkNodeVersion())) return;
    if (kind === 'adb' && !add(await checkAdbPresence(input.adb))) return;
    if (!add(await checkAdbServer(input.transport, kind))) return;
    const devices = await input.transport.listDevices().catch(() => []);
    const discovery = checkDiscovery(devices, input.requestedSerial);
    if (!add(discovery.check) || discovery.serial === undefined) return;
    deviceId = discovery.serial;
    const target = input.target(deviceId);
    if (!add(await checkCapability(target.shell))) return;
    if (!add(await checkApkPresence(target.presence, input.operatorPackage))) return;
    const cliVersion = input.cliVersion ?? droidproofVersion();
    if (
      !add(await checkVersion(target.shell, input.operatorPackage, cliVersion, target.presence.versionPinned))
    )
      return;
    add(await checkSetting(target.shell, 'readiness.settings.dev_options'));
    add(await checkSetting(target.shell, 'readiness.settings.usb_debugging'));
    if (capability === 'background-observation') {
      add(await checkBackgroundObservation(target.engine));
      return;
    }
    const handshake = await checkHandshake(target.engine);
    if (!add(handshake.check)) return;
    add(checkInteractive(handshake.data ?? {}));
  };
  await sequence();

  const ran = new Set(checks.map((c) => c.id));
  const blocker = checks.find((c) => isCriticalCheck(c.id) && c.status !== 'pass');
  const blocked = requiredSequence(capability, kind)
    .filter((id) => !ran.has(id))
    .map((id) => ({ id, reason: SKIP_REASON, blockedBy: blocker ? [blocker.id] : [] }));
  const criticalOk = blocker === undefined && blocked.length === 0;
  // Skipped by design, not blocked: it does not count against readiness.
  const notRequired =
    kind === 'droidproof' ? [{ id: 'host.adb.presence', reason: FRONT_END_REASON, blockedBy: [] }] : [];
  const skippedChecks = [...notRequired, ...blocked];
  return {
    ok: criticalOk,
    criticalOk,
    capability,
    ...(deviceId !== undefined ? { deviceId } : {}),
    operatorPackage: input.operatorPackage,
    checks,
    skippedChecks,
    nextActions: nextActions(checks, criticalOk, deviceId),
  };
}

/** Deduplicated fix steps and guidance of non-passing checks, or the success hint (seed 003 "How nextActions Is Built"). */
export function nextActions(
  checks: readonly DoctorCheckResult[],
  criticalOk: boolean,
  deviceId?: string,
): string[] {
  if (criticalOk && checks.every((c) => c.status === 'pass')) {
    return [DOCS, `Try: droidproof snapshot${deviceId ? ` --device ${deviceId}` : ''}`];
  }
  const actions: string[] = [];
  for (const check of checks) {
    if (check.status === 'pass') continue;
    for (const step of check.fix?.steps ?? []) actions.push(step.value);
    for (const step of check.deviceGuidance?.steps ?? []) actions.push(step);
    if (check.code === 'MULTIPLE_DEVICES_DEVICE_ID_REQUIRED')
      actions.push('Rerun doctor with --device <serial>.');
  }
  const unique = [...new Set(actions)];
  return criticalOk
    ? [...unique, `Try: droidproof snapshot${deviceId ? ` --device ${deviceId}` : ''}`]
    : unique;
}
