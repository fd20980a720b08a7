/**
 * `droidproof exec`: validate, plan or run a raw execution payload
 * (seed 003:1445-1458, 1566-1610, 4479-4490).
 *
 *   droidproof exec --payload '<json>' --validate-only   → { ok, validated, execution }
 *   droidproof exec --payload @payload.json --dry-run    → { ok, dryRun, plan }
 *   droidproof exec --payload ... [--timeout <ms>]       → device execution (see dispatch below)
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Execution } from '../../contract/execution.js';
import { validateExecution } from '../../contract/validate.js';
import { ExecutionValidationError } from '../../contract/validation-errors.js';
import { dryRunWrapper, validatedWrapper } from '../../contract/wrappers.js';
import type { CliCommand, CommandContext, CommandResult } from '../command.js';
import { EXIT } from '../command.js';
import { MissingArgumentError, UsageError } from '../errors.js';
import { DEVICE_FLAGS, dispatchExecution, exitCodeOf, wrapperOf } from './device-flags.js';

/**
 * The device path: resolve the device and Operator from the flags, run the
 * execution, print the `{ envelope, deviceId, terminalSource, isCanonicalTerminal }`
 * wrapper; exit 0 only for a successful envelope.
 */
async function dispatch(execution: Execution, context: CommandContext): Promise<CommandResult> {
  const result = await dispatchExecution(context, execution);
  return { body: wrapperOf(result), exitCode: exitCodeOf(result) };
}

/**
 * The payload text: `@file`, an existing file path (the seed passes absolute
 * paths), or else the value itself as inline JSON, so that text that is
 * neither a file nor JSON fails as EXECUTION_VALIDATION_FAILED (003:7989).
 */
async function payloadText(value: string, cwd: string): Promise<string> {
  const trimmed = value.trimStart();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) return value;
  const named = value.startsWith('@');
  const file = resolve(cwd, named ? value.slice(1) : value);
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
    if (!named && missing) return value;
    throw new UsageError(`cannot read payload file ${file}`, { file, cause: (error as Error).message });
  }
}

function parsePayload(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ExecutionValidationError(`payload is not valid JSON: ${(error as Error).message}`, {
      path: '',
    });
  }
}

/** `--timeout` replaces the execution-level timeout after validation (003:7186). */
function withTimeout(execution: Execution, raw: string | true | undefined): Execution {
  if (raw === undefined || raw === true) return execution;
  const timeoutMs = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  return validateExecution({ ...execution, timeoutMs: Number.isFinite(timeoutMs) ? timeoutMs : raw });
}

export const execCommand: CliCommand = {
  name: 'exec',
  summary: 'Validate, plan or run a raw execution payload',
  usage: "exec --payload '<json>' | @file [--validate-only | --dry-run] [--timeout <ms>]",
  flags: {
    ...DEVICE_FLAGS,
    payload: {
      type: 'string',
      aliases: ['execution', 'input', 'file'],
      valueName: '<json-or-@file>',
      description: 'the execution payload: inline JSON, @file or a file path',
    },
    'validate-only': { type: 'boolean', description: 'validate and print the normalized execution' },
    'dry-run': { type: 'boolean', description: 'validate and print the dispatch plan' },
    timeout: {
      type: 'string',
      valueName: '<ms>',
      description: 'replace the execution timeoutMs (1000..120000)',
    },
  },
  async run(context) {
    const { flags, positionals } = context.args;
    if (positionals.length > 0)
      throw new UsageError(`exec takes no positional arguments, got ${positionals[0]}`);
    if (flags['validate-only'] && flags['dry-run']) {
      throw new UsageError('use --validate-only or --dry-run, not both');
    }
    const payload = flags.payload;
    if (typeof payload !== 'string')
      throw new MissingArgumentError('exec requires --payload <json-or-@file>.');
    const execution = withTimeout(
      validateExecution(parsePayload(await payloadText(payload, context.cwd))),
      flags.timeout,
    );
    if (flags['validate-only']) return { body: validatedWrapper(execution), exitCode: EXIT.OK };
    if (flags['dry-run']) return { body: dryRunWrapper(execution), exitCode: EXIT.OK };
    return dispatch(execution, context);
  },
};
