/**
 * What every device command shares: the target flags (`--device`,
 * `--operator-package`, `--adb-host`, `--adb-port`, `--dialect`, `--timeout`),
 * connecting, and turning a finished execution into the seed's wrapper
 * (`envelope`, `deviceId`, `terminalSource`, `isCanonicalTerminal`) with exit
 * code 0 only for a successful envelope (seed 003 "How To Branch On Results").
 */
import { connectDevice } from '../../actuator/connect.js';
import type { Device } from '../../actuator/device/device.js';
import { type DialectName, resolveDialect, selectOperatorPackage } from '../../contract/dialect.js';
import type { Execution, ExecutionInput } from '../../contract/execution.js';
import { validateExecution } from '../../contract/validate.js';
import { dryRunWrapper, type ExecutionResultWrapper, validatedWrapper } from '../../contract/wrappers.js';
import { type AdbTarget, adbTarget } from '../adb-target.js';
import type { FlagSpecs, ParsedArgs } from '../args.js';
import { type CommandContext, type CommandResult, EXIT } from '../command.js';
import { UsageError } from '../errors.js';

export const DEVICE_FLAGS: FlagSpecs = {
  device: {
    type: 'string',
    aliases: ['device-id'],
    valueName: '<serial>',
    description: 'target device serial (default ANDROID_SERIAL)',
  },
  'operator-package': { type: 'string', valueName: '<package>', description: 'Operator package to talk to' },
  'adb-host': { type: 'string', valueName: '<host>', description: 'adb server host (default 127.0.0.1)' },
  'adb-port': {
    type: 'string',
    valueName: '<port>',
    description: 'adb server port (default ANDROID_ADB_SERVER_PORT, a running droidproof virtual, or 5037)',
  },
  dialect: { type: 'string', valueName: 'androperator|clawperator', description: 'Operator wire dialect' },
};

export const TIMEOUT_FLAG: FlagSpecs = {
  timeout: { type: 'string', valueName: '<ms>', description: 'execution timeout in milliseconds' },
};

/** `--validate-only` / `--dry-run`: print the built execution instead of dispatching it. */
export const PLAN_FLAGS: FlagSpecs = {
  'validate-only': { type: 'boolean', description: 'validate and print the execution without dispatching' },
  'dry-run': { type: 'boolean', description: 'print the dispatch plan without dispatching' },
};

export const ACTION_FLAGS: FlagSpecs = { ...DEVICE_FLAGS, ...TIMEOUT_FLAG, ...PLAN_FLAGS };

export function stringFlag(args: ParsedArgs, name: string): string | undefined {
  const value = args.flags[name];
  if (value === undefined) return undefined;
  if (value === true || value.trim() === '')
    throw new UsageError(`--${name} must not be blank`, { flag: `--${name}` });
  return value;
}

/** A non-negative integer flag, optionally bounded. */
export function intFlag(
  args: ParsedArgs,
  name: string,
  min = 0,
  max = Number.MAX_SAFE_INTEGER,
): number | undefined {
  const raw = stringFlag(args, name);
  if (raw === undefined) return undefined;
  const value = /^-?\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new UsageError(`--${name} must be an integer in [${min}, ${max}]`, {
      flag: `--${name}`,
      value: raw,
    });
  }
  return value;
}

/** `--timeout <ms>` as the execution-level timeout (1000..120000). */
export function executionTimeout(args: ParsedArgs): number | undefined {
  return intFlag(args, 'timeout', 1000, 120_000);
}

/** The adb server and device the flags, the environment or a running `droidproof virtual` name. */
export function targetFromFlags(args: ParsedArgs, env: NodeJS.ProcessEnv): Promise<AdbTarget> {
  return adbTarget(
    {
      serial: stringFlag(args, 'device'),
      adbHost: stringFlag(args, 'adb-host'),
      adbPort: intFlag(args, 'adb-port', 1, 65_535),
    },
    env,
  );
}

/** `target`: the adb target already resolved from these flags, so the state dir is read once. */
export async function connectFromFlags(
  args: ParsedArgs,
  env: NodeJS.ProcessEnv,
  target?: AdbTarget,
): Promise<Device> {
  return connectDevice({
    ...(target ?? (await targetFromFlags(args, env))),
    operatorPackage: stringFlag(args, 'operator-package'),
    dialect: stringFlag(args, 'dialect') as DialectName | undefined,
  });
}

/** Connects, runs `fn`, and always stops the device's logcat reader. */
export async function withDevice<T>(
  context: CommandContext,
  fn: (device: Device) => Promise<T>,
  target?: AdbTarget,
): Promise<T> {
  const device = await connectFromFlags(context.args, context.env, target);
  try {
    return await fn(device);
  } finally {
    device.close();
  }
}

/** The CLI wrapper of an execution result. */
export function wrapperOf(result: ExecutionResultWrapper): Record<string, unknown> {
  return {
    envelope: result.envelope,
    deviceId: result.deviceId,
    terminalSource: result.terminalSource,
    isCanonicalTerminal: result.isCanonicalTerminal,
  };
}

export function exitCodeOf(result: ExecutionResultWrapper): number {
  return result.envelope.status === 'success' ? EXIT.OK : EXIT.FAILURE;
}

/**
 * Runs a validated execution through the daemon when one serves this target
 * (docs/daemon.md), otherwise directly; `--no-daemon` or
 * `DROIDPROOF_NO_DAEMON=1` always runs directly.
 */
export async function dispatchExecution(
  context: CommandContext,
  execution: Execution,
): Promise<ExecutionResultWrapper> {
  const { args } = context;
  if (context.execute !== undefined) {
    return context.execute(
      { deviceId: stringFlag(args, 'device'), operatorPackage: stringFlag(args, 'operator-package') },
      execution,
    );
  }
  const target = await targetFromFlags(args, context.env);
  if (args.flags['no-daemon'] !== true) {
    // The proxy (daemon lifecycle, spawn) loads only when a daemon may be asked.
    const { proxyExecution } = await import('../../daemon/proxy.js');
    const dialect = stringFlag(args, 'dialect');
    const outcome = await proxyExecution({
      execution,
      readOnly: execution.actions.every((action) => action.type === 'snapshot'),
      device: target.serial,
      adbHost: target.adbHost,
      adbPort: target.adbPort,
      dialect,
      operatorPackage: selectOperatorPackage(resolveDialect(dialect), stringFlag(args, 'operator-package')),
    });
    if (outcome.via === 'daemon') return outcome.wrapper;
  }
  return withDevice(context, (device) => device.execute(execution, { allowFailure: true }), target);
}

/**
 * Runs a built execution: `--validate-only` / `--dry-run` print it, otherwise
 * it is dispatched and `present` shapes the output (default: the wrapper).
 */
export async function runExecution(
  context: CommandContext,
  execution: ExecutionInput,
  present: (
    result: ExecutionResultWrapper,
  ) => Record<string, unknown> | Promise<Record<string, unknown>> = wrapperOf,
): Promise<CommandResult> {
  const { flags } = context.args;
  const validated = validateExecution(execution);
  if (flags['validate-only']) return { body: validatedWrapper(validated), exitCode: EXIT.OK };
  if (flags['dry-run']) return { body: dryRunWrapper(validated), exitCode: EXIT.OK };
  const result = await dispatchExecution(context, validated);
  return { body: await present(result), exitCode: exitCodeOf(result) };
}
