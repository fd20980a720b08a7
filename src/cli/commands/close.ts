/** `droidproof close <package>` (alias `close-app`): host force-stop pre-flight, then `close_app`. */
import { buildExecution } from '../../actuator/device/builders.js';
import type { CliCommand } from '../command.js';
import { MissingArgumentError, UsageError } from '../errors.js';
import { ACTION_FLAGS, executionTimeout, runExecution, stringFlag } from './device-flags.js';

export const closeCommand: CliCommand = {
  name: 'close',
  aliases: ['close-app', 'close_app'],
  summary: 'Force-stop an Android application',
  usage: 'close <package>',
  flags: {
    ...ACTION_FLAGS,
    app: { type: 'string', valueName: '<package>', description: 'package to close' },
  },
  async run(context) {
    const { args } = context;
    const app = stringFlag(args, 'app');
    const [positional, ...extra] = args.positionals;
    if (extra.length > 0 || (app && positional)) throw new UsageError('close takes one package');
    const applicationId = app ?? positional;
    if (!applicationId) throw new MissingArgumentError('close requires a package id.');
    return runExecution(
      context,
      buildExecution('close_app', { applicationId }, { timeoutMs: executionTimeout(args) }),
    );
  },
};
