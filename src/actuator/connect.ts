/**
 * `connectDevice`: resolves one device on an adb server, selects the Operator
 * package and dialect, starts the device's persistent logcat reader and
 * returns the typed `Device`. `close()` on the device stops the reader.
 */

import {
  type DialectName,
  type OperatorDialect,
  resolveDialect,
  selectOperatorPackage,
} from '../contract/dialect.js';
import { droidproofVersion } from '../version.js';
import type { DeviceShell } from './adb/device-shell.js';
import { resolveDevice } from './adb/devices.js';
import type { AdbServerKind } from './adb/server-address.js';
import { AdbTransport } from './adb/transport.js';
import { Device } from './device/device.js';
import { runDoctor } from './doctor/doctor.js';
import type { DoctorCapability } from './doctor/report.js';
import { ExecutionEngine } from './execution/engine.js';
import { OperatorPresence } from './execution/operator-presence.js';
import { Timeline } from './execution/timeline.js';
import { LogcatReader, type LogcatReaderOptions } from './logcat/logcat-reader.js';

export interface ConnectOptions {
  /** adb server host; default 127.0.0.1. */
  adbHost?: string;
  /** adb server port; default `ANDROID_ADB_SERVER_PORT` or 5037. */
  adbPort?: number;
  /** Deadline of each adb request without one of its own (ms); default 30000. */
  requestTimeoutMs?: number;
  /** `droidproof` when that address is droidproof's own adb front end (doctor then needs no adb binary). */
  adbServerKind?: AdbServerKind;
  /** Device serial; may be omitted when exactly one device is in state `device`. */
  serial?: string;
  /** Operator package; default `DROIDPROOF_OPERATOR_PACKAGE` or the dialect's release package. */
  operatorPackage?: string;
  dialect?: DialectName;
  /**
   * How long a passing interactive-readiness probe is trusted at most (ms). Default: until an
   * event invalidates it (docs/device-api.md "Steady state"); 0 probes before every execution.
   */
  readinessCacheMs?: number;
  logcat?: LogcatReaderOptions;
}

export const DEFAULT_READINESS_CACHE_MS = Number.POSITIVE_INFINITY;

/** The per-device machinery shared by `connectDevice` and the CLI's doctor. */
export function assembleDevice(
  transport: AdbTransport,
  serial: string,
  dialect: OperatorDialect,
  operatorPackage: string,
  options: Pick<ConnectOptions, 'readinessCacheMs' | 'logcat'> = {},
): {
  shell: DeviceShell;
  reader: LogcatReader;
  presence: OperatorPresence;
  engine: ExecutionEngine;
  timeline: Timeline;
} {
  const shell = transport.device(serial);
  const reader = new LogcatReader(shell, dialect, options.logcat);
  const presence = new OperatorPresence(shell, dialect, operatorPackage, {
    requiredVersion: dialect.versionPinned ? droidproofVersion() : undefined,
  });
  const timeline = new Timeline();
  const engine = new ExecutionEngine({
    serial,
    shell,
    dialect,
    operatorPackage,
    reader,
    presence,
    timeline,
    readinessCacheMs: options.readinessCacheMs ?? DEFAULT_READINESS_CACHE_MS,
  });
  return { shell, reader, presence, engine, timeline };
}

export async function connectDevice(options: ConnectOptions = {}): Promise<Device> {
  const transport = new AdbTransport(options);
  const dialect = resolveDialect(options.dialect);
  const operatorPackage = selectOperatorPackage(dialect, options.operatorPackage);
  const listing = transport.listDevices();
  let parts: ReturnType<typeof assembleDevice>;
  if (options.serial) {
    // A named device: the listing, the logcat start and the Operator check (all read-only) run side
    // by side, three round trips in the time of one; a device the listing rejects stops them again.
    parts = assembleDevice(transport, options.serial, dialect, operatorPackage, options);
    const started = parts.reader.start();
    // Awaited below; until then a failed start must not count as an unhandled rejection.
    started.catch(() => undefined);
    parts.presence.prefetch();
    try {
      resolveDevice(await listing, options.serial);
    } catch (error) {
      parts.reader.close();
      throw error;
    }
    await started;
  } else {
    parts = assembleDevice(transport, resolveDevice(await listing), dialect, operatorPackage, options);
    parts.presence.prefetch();
    await parts.reader.start();
  }
  const serial = parts.shell.serial;
  return new Device({
    ...parts,
    serial,
    operatorPackage,
    dialect,
    doctor: (capability?: DoctorCapability) =>
      runDoctor({
        transport,
        adbServerKind: options.adbServerKind,
        requestedSerial: serial,
        operatorPackage,
        capability,
        target: () => parts,
      }),
  });
}
