/** `droidproof toast <text> [--duration short|long]` and `toast --cancel`. */
import { buildExecution } from '../../actuator/device/builders.js';
import type { ActionParamsOf } from '../../contract/actions/index.js';
import type { CliCommand } from '../command.js';
import { MissingArgumentError, UsageError } from '../errors.js';
import { ACTION_FLAGS, executionTimeout, runExecution, stringFlag } from './device-flags.js';

export const toastCommand: CliCommand = {
  name: 'toast',
  summary: 'Show or cancel an Operator-owned text toast',
  usage: 'toast <text> [--duration short|long] | toast --cancel',
  flags: {
    ...ACTION_FLAGS,
    duration: { type: 'string', valueName: 'short|long', description: 'toast length' },
    cancel: { type: 'boolean', description: 'cancel the current Operator toast' },
  },
  async run(context) {
    const { args } = context;
    const [text, ...extra] = args.positionals;
    const duration = stringFlag(args, 'duration');
    const timeoutMs = executionTimeout(args);
    if (extra.length > 0) throw new UsageError(`unexpected argument ${extra[0]}`);
    if (args.flags.cancel) {
      if (text !== undefined || duration !== undefined)
        throw new UsageError('toast --cancel takes no text or duration');
      return runExecution(context, buildExecution('cancel_toast', undefined, { timeoutMs }));
    }
    if (!text) throw new MissingArgumentError('toast requires the text to show.');
    const params = { text, ...(duration ? { duration } : {}) } as ActionParamsOf<'show_toast'>;
    return runExecution(context, buildExecution('show_toast', params, { timeoutMs }));
  },
};
