/**
 * `droidproof wait-for-nav --app <package> --timeout <ms>`: `wait_for_navigation`;
 * `--timeout` is required and is the action's wait (≤ 30000), the execution
 * timeout is `max(timeout + 5000, 30000)` (seed 003 "wait_for_navigation").
 */
import { buildExecution } from '../../actuator/device/builders.js';
import type { CliCommand } from '../command.js';
import { MissingArgumentError, UsageError } from '../errors.js';
import { ACTION_FLAGS, intFlag, runExecution, stringFlag } from './device-flags.js';
import { elementSelector, elementSelectorFlags } from './selector-flags.js';

export const waitForNavCommand: CliCommand = {
  name: 'wait-for-nav',
  aliases: ['wait-for-navigation', 'wait_for_navigation'],
  summary: 'Wait for app or screen navigation to complete',
  usage: 'wait-for-nav --app <package> --timeout <ms> [--text <text> | --id <id> ...]',
  flags: {
    ...ACTION_FLAGS,
    ...elementSelectorFlags(),
    app: { type: 'string', valueName: '<package>', description: 'expected foreground package' },
  },
  async run(context) {
    const { args } = context;
    if (args.positionals.length > 0) throw new UsageError(`unexpected argument ${args.positionals[0]}`);
    const timeoutMs = intFlag(args, 'timeout');
    if (timeoutMs === undefined) throw new MissingArgumentError('wait-for-nav requires --timeout <ms>.');
    const expectedPackage = stringFlag(args, 'app');
    const expectedNode = elementSelector(args);
    if (!expectedPackage && !expectedNode)
      throw new MissingArgumentError('wait-for-nav requires --app or a selector.');
    const params = {
      ...(expectedPackage ? { expectedPackage } : {}),
      ...(expectedNode ? { expectedNode } : {}),
      timeoutMs,
    };
    return runExecution(context, buildExecution('wait_for_navigation', params));
  },
};
