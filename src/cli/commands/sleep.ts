/** `droidproof sleep <ms>`: `sleep`, execution timeout `max(ms + 5000, --timeout, 30000)`. */
import { buildExecution } from '../../actuator/device/builders.js';
import type { CliCommand } from '../command.js';
import { MissingArgumentError, UsageError } from '../errors.js';
import { ACTION_FLAGS, executionTimeout, runExecution } from './device-flags.js';

export const sleepCommand: CliCommand = {
  name: 'sleep',
  summary: 'Pause execution on the device for a duration',
  usage: 'sleep <ms>',
  flags: ACTION_FLAGS,
  async run(context) {
    const [raw, ...extra] = context.args.positionals;
    if (extra.length > 0) throw new UsageError(`unexpected argument ${extra[0]}`);
    if (raw === undefined) throw new MissingArgumentError('sleep requires a duration in milliseconds.');
    const durationMs = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
    if (!Number.isSafeInteger(durationMs))
      throw new UsageError('sleep duration must be a non-negative integer');
    return runExecution(
      context,
      buildExecution('sleep', { durationMs }, { timeoutMs: executionTimeout(context.args) }),
    );
  },
};
