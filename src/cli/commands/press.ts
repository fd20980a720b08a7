/** `droidproof press <back|home|recents>` and `droidproof back` (`press_key`). */
import { buildExecution } from '../../actuator/device/builders.js';
import type { CliCommand, CommandContext } from '../command.js';
import { MissingArgumentError, UsageError } from '../errors.js';
import { ACTION_FLAGS, executionTimeout, runExecution, stringFlag } from './device-flags.js';

function pressKey(context: CommandContext, key: string) {
  return runExecution(
    context,
    buildExecution('press_key', { key }, { timeoutMs: executionTimeout(context.args) }),
  );
}

export const pressCommand: CliCommand = {
  name: 'press',
  aliases: ['press-key', 'press_key'],
  summary: 'Press a hardware key on the device',
  usage: 'press <back|home|recents>',
  flags: {
    ...ACTION_FLAGS,
    key: { type: 'string', valueName: '<key>', description: 'back, home or recents' },
  },
  async run(context) {
    const flag = stringFlag(context.args, 'key');
    const [positional, ...extra] = context.args.positionals;
    if (extra.length > 0 || (flag && positional)) throw new UsageError('press takes one key');
    const key = flag ?? positional;
    if (!key) throw new MissingArgumentError('press requires a key: back, home or recents.');
    return pressKey(context, key);
  },
};

export const backCommand: CliCommand = {
  name: 'back',
  summary: 'Press the Android back key',
  usage: 'back',
  flags: ACTION_FLAGS,
  async run(context) {
    if (context.args.positionals.length > 0) throw new UsageError('back takes no arguments');
    return pressKey(context, 'back');
  },
};
