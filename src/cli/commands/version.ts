/**
 * `droidproof version` prints droidproof's version; `version --check-compat`
 * probes the selected Operator (seed 003 "Version Probing Flow"): installed
 * (else OPERATOR_NOT_INSTALLED or OPERATOR_VARIANT_MISMATCH, naming the other
 * variant), its `versionName`/`versionCode`, and exact equality with the CLI
 * after stripping a trailing `-d`. The top-level probe result says
 * `compatible`; droidproof exits 1 when it is false, so CI can gate on it.
 */
import { resolveDevice } from '../../actuator/adb/devices.js';
import { AdbTransport } from '../../actuator/adb/transport.js';
import { checkVersion } from '../../actuator/doctor/checks.js';
import { normalizeVersion } from '../../actuator/doctor/version.js';
import { OperatorPresence } from '../../actuator/execution/operator-presence.js';
import { type DialectName, resolveDialect, selectOperatorPackage } from '../../contract/dialect.js';
import { droidproofVersion } from '../../version.js';
import { type CliCommand, EXIT } from '../command.js';
import { UsageError } from '../errors.js';
import { DEVICE_FLAGS, stringFlag, targetFromFlags } from './device-flags.js';

export const versionCommand: CliCommand = {
  name: 'version',
  summary: 'Show the CLI version, or check it against the installed Operator',
  usage: 'version | version --check-compat [--device <serial>] [--operator-package <package>]',
  flags: {
    ...DEVICE_FLAGS,
    'check-compat': { type: 'boolean', description: 'compare with the Operator installed on the device' },
  },
  async run({ args, env }) {
    if (args.positionals.length > 0) throw new UsageError(`unexpected argument ${args.positionals[0]}`);
    const cliVersion = droidproofVersion();
    if (args.flags['check-compat'] !== true) {
      return { body: { cliVersion }, exitCode: EXIT.OK, pretty: () => cliVersion };
    }
    const dialect = resolveDialect(stringFlag(args, 'dialect') as DialectName | undefined);
    const operatorPackage = selectOperatorPackage(dialect, stringFlag(args, 'operator-package'));
    const target = await targetFromFlags(args, env);
    const transport = new AdbTransport(target);
    const shell = transport.device(resolveDevice(await transport.listDevices(), target.serial));
    await new OperatorPresence(shell, dialect, operatorPackage).ensureInstalled();
    const check = await checkVersion(shell, operatorPackage, cliVersion, dialect.versionPinned);
    const evidence = (check.evidence ?? {}) as { apkVersion?: string; apkVersionCode?: number };
    const probe = {
      cliVersion,
      apkVersion: evidence.apkVersion ?? null,
      apkVersionCode: evidence.apkVersionCode ?? null,
      operatorPackage,
      compatible: check.status === 'pass',
    };
    if (check.status === 'pass') return { body: probe, exitCode: EXIT.OK };
    const body = {
      ...probe,
      error: {
        code: check.code,
        message: check.detail ?? check.summary,
        hint: 'droidproof requires the exact same version between the CLI and the Operator APK, ignoring only the debug suffix -d.',
      },
      remediation: [
        `Install the Operator droidproof ${normalizeVersion(cliVersion)} ships: droidproof operator install --device ${shell.serial} --operator-package ${operatorPackage}`,
        `Or install droidproof ${probe.apkVersion ?? '<the Operator version>'} to match the installed Operator.`,
      ],
    };
    return { body, exitCode: EXIT.FAILURE };
  },
};
