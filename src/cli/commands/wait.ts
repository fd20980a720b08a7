/**
 * `droidproof wait`: `wait_for_node`; `--timeout` is the action's wait and the
 * execution timeout is inflated to `max(timeout + 5000, 30000)` (seed 003 "CLI Timeout Mapping").
 */
import { buildExecution } from '../../actuator/device/builders.js';
import type { CliCommand } from '../command.js';
import { MissingArgumentError, UsageError } from '../errors.js';
import { ACTION_FLAGS, intFlag, runExecution } from './device-flags.js';
import { elementSelector, TARGET_FLAGS, targetingParams } from './selector-flags.js';

export const waitCommand: CliCommand = {
  name: 'wait',
  aliases: ['wait-for', 'wait_for', 'wait-for-node', 'wait_for_node', 'find', 'find-node', 'find_node'],
  summary: 'Wait until a matching UI element appears',
  usage: 'wait --text <text> | --id <id> | --role <role> [--timeout <ms>]',
  flags: { ...ACTION_FLAGS, ...TARGET_FLAGS },
  async run(context) {
    const { args } = context;
    if (args.positionals.length > 0) throw new UsageError(`unexpected argument ${args.positionals[0]}`);
    const matcher = elementSelector(args);
    if (!matcher) throw new MissingArgumentError('wait requires a selector (--text, --id, --role, ...).');
    const timeoutMs = intFlag(args, 'timeout', 1, 120_000);
    const params = { matcher, ...targetingParams(args), ...(timeoutMs !== undefined ? { timeoutMs } : {}) };
    return runExecution(context, buildExecution('wait_for_node', params));
  },
};
