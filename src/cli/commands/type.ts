/** `droidproof type <text>` (aliases `fill`, `enter-text`): `--text` is not a selector here (seed 003 "type"). */
import { buildExecution } from '../../actuator/device/builders.js';
import type { CliCommand } from '../command.js';
import { MissingArgumentError, UsageError } from '../errors.js';
import { ACTION_FLAGS, executionTimeout, runExecution } from './device-flags.js';
import {
  CONTAINER_SELECTOR_FLAGS,
  elementSelector,
  elementSelectorFlags,
  STRICT_FLAG,
  targetingParams,
} from './selector-flags.js';

export const typeCommand: CliCommand = {
  name: 'type',
  aliases: ['fill', 'enter-text', 'enter_text'],
  summary: 'Type text into the first matching UI element',
  usage: 'type <text> --role <role> | --id <id> [--submit] [--clear]',
  flags: {
    ...ACTION_FLAGS,
    ...elementSelectorFlags(['text']),
    ...CONTAINER_SELECTOR_FLAGS,
    ...STRICT_FLAG,
    submit: { type: 'boolean', description: 'submit (IME action) after typing' },
    clear: { type: 'boolean', description: 'clear the field first' },
  },
  async run(context) {
    const { args } = context;
    const [text, ...extra] = args.positionals;
    if (text === undefined || text === '') throw new MissingArgumentError('type requires the text to enter.');
    if (extra.length > 0) throw new UsageError(`unexpected argument ${extra[0]}`);
    const matcher = elementSelector(args, ['text']);
    if (!matcher) throw new MissingArgumentError('type requires a selector (--id, --role, --desc, ...).');
    const params = {
      matcher,
      text,
      ...targetingParams(args),
      ...(args.flags.submit ? { submit: true } : {}),
      ...(args.flags.clear ? { clear: true } : {}),
    };
    return runExecution(context, buildExecution('enter_text', params, { timeoutMs: executionTimeout(args) }));
  },
};
