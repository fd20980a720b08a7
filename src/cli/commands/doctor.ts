/**
 * `droidproof doctor`: the DoctorReport (seed 003 "Doctor"); exit 0 only when
 * `criticalOk`. `--capability background-observation` checks notification and
 * media queries without the interactive requirements and rejects `--full`/`--fix`.
 * `--full` and `--fix` (build/install/launch checks, shell remediation) are not
 * implemented and are refused rather than silently ignored.
 */
import { AdbTransport } from '../../actuator/adb/transport.js';
import { assembleDevice } from '../../actuator/connect.js';
import { runDoctor } from '../../actuator/doctor/doctor.js';
import {
  DOCTOR_CAPABILITIES,
  type DoctorCapability,
  type DoctorReport,
} from '../../actuator/doctor/report.js';
import type { LogcatReader } from '../../actuator/logcat/logcat-reader.js';
import { type DialectName, resolveDialect, selectOperatorPackage } from '../../contract/dialect.js';
import type { ParsedArgs } from '../args.js';
import type { CliCommand } from '../command.js';
import { EXIT } from '../command.js';
import { UsageError } from '../errors.js';
import { doctorTable } from '../pretty/doctor-table.js';
import { DEVICE_FLAGS, stringFlag, targetFromFlags } from './device-flags.js';

/** Runs the doctor against the device and Operator the shared device flags (or a running farm) select. */
export async function doctorFromFlags(
  args: ParsedArgs,
  capability: DoctorCapability,
  env: NodeJS.ProcessEnv,
): Promise<DoctorReport> {
  const target = await targetFromFlags(args, env);
  const transport = new AdbTransport(target);
  const dialect = resolveDialect(stringFlag(args, 'dialect') as DialectName | undefined);
  const operatorPackage = selectOperatorPackage(dialect, stringFlag(args, 'operator-package'));
  const readers: LogcatReader[] = [];
  try {
    return await runDoctor({
      transport,
      requestedSerial: target.serial,
      adbServerKind: target.adbServerKind,
      operatorPackage,
      capability,
      target: (serial) => {
        const parts = assembleDevice(transport, serial, dialect, operatorPackage);
        readers.push(parts.reader);
        return parts;
      },
    });
  } finally {
    for (const reader of readers) reader.close();
  }
}

export const doctorCommand: CliCommand = {
  name: 'doctor',
  summary: 'Run environment and runtime readiness checks',
  usage:
    'doctor [--device <serial>] [--operator-package <pkg>] [--capability interactive|background-observation]',
  flags: {
    ...DEVICE_FLAGS,
    capability: {
      type: 'string',
      valueName: 'interactive|background-observation',
      description: 'readiness to verify',
    },
    'check-only': { type: 'boolean', description: 'accepted for compatibility; same exit status' },
    full: { type: 'boolean', description: 'not supported by droidproof' },
    fix: { type: 'boolean', description: 'not supported by droidproof' },
  },
  async run({ args, env }) {
    if (args.positionals.length > 0) throw new UsageError('doctor takes no positional arguments');
    const capability = (stringFlag(args, 'capability') ?? 'interactive') as DoctorCapability;
    if (!DOCTOR_CAPABILITIES.includes(capability)) {
      throw new UsageError(`--capability must be one of ${DOCTOR_CAPABILITIES.join(', ')}`, {
        flag: '--capability',
      });
    }
    for (const flag of ['full', 'fix'] as const) {
      if (args.flags[flag])
        throw new UsageError(`--${flag} is not supported by droidproof doctor`, { flag: `--${flag}` });
    }
    const report = await doctorFromFlags(args, capability, env);
    return {
      body: report,
      exitCode: report.criticalOk ? EXIT.OK : EXIT.FAILURE,
      pretty: () => doctorTable(report),
    };
  },
};
