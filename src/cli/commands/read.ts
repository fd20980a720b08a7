/** `droidproof read` (aliases `read-text`): `read_text` with an optional container and `--all`. */
import { buildExecution } from '../../actuator/device/builders.js';
import type { CliCommand } from '../command.js';
import { MissingArgumentError, UsageError } from '../errors.js';
import { ACTION_FLAGS, executionTimeout, runExecution } from './device-flags.js';
import { elementSelector, TARGET_FLAGS, targetingParams } from './selector-flags.js';

export const readCommand: CliCommand = {
  name: 'read',
  aliases: ['read-text', 'read_text'],
  summary: 'Read text from the first matching UI element',
  usage: 'read --text <text> | --id <id> | --role <role> [--all]',
  flags: {
    ...ACTION_FLAGS,
    ...TARGET_FLAGS,
    all: { type: 'boolean', description: 'read every match' },
  },
  async run(context) {
    const { args } = context;
    if (args.positionals.length > 0) throw new UsageError(`unexpected argument ${args.positionals[0]}`);
    const matcher = elementSelector(args);
    if (!matcher) throw new MissingArgumentError('read requires a selector (--text, --id, --role, ...).');
    const params = { matcher, ...targetingParams(args), ...(args.flags.all ? { all: true } : {}) };
    return runExecution(context, buildExecution('read_text', params, { timeoutMs: executionTimeout(args) }));
  },
};
