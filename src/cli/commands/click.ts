/** `droidproof click` (alias `tap`): a selector or `--coordinate <x> <y>`; `--long`, `--focus` (seed 003 click). */

import { buildExecution } from '../../actuator/device/builders.js';
import type { ActionParamsOf } from '../../contract/actions/index.js';
import { ExecutionValidationError } from '../../contract/validation-errors.js';
import type { CliCommand } from '../command.js';
import { MissingArgumentError, UsageError } from '../errors.js';
import { ACTION_FLAGS, executionTimeout, runExecution } from './device-flags.js';
import { leftoverPositionals, pointFlags } from './points.js';
import { elementSelector, TARGET_FLAGS, targetingParams } from './selector-flags.js';

export const clickCommand: CliCommand = {
  name: 'click',
  aliases: ['tap'],
  summary: 'Tap the first matching UI element, or a coordinate',
  usage: 'click --text <text> | --id <id> | --role <role> | --coordinate <x> <y> [--long | --focus]',
  flags: {
    ...ACTION_FLAGS,
    ...TARGET_FLAGS,
    coordinate: { type: 'string', valueName: '<x> <y>', description: 'click a screen coordinate' },
    long: { type: 'boolean', description: 'long click' },
    focus: { type: 'boolean', description: 'focus instead of click' },
  },
  async run(context) {
    const { args } = context;
    if (args.flags.long && args.flags.focus) throw new UsageError('use --long or --focus, not both');
    const clickType = args.flags.long ? 'long_click' : args.flags.focus ? 'focus' : undefined;
    const matcher = elementSelector(args);
    let params: ActionParamsOf<'click'>;
    if (args.flags.coordinate !== undefined) {
      if (matcher)
        throw new ExecutionValidationError('--coordinate cannot be combined with selector flags', {
          path: '--coordinate',
        });
      if (clickType === 'focus')
        throw new ExecutionValidationError('--focus is invalid with --coordinate', { path: '--focus' });
      const [coordinate] = pointFlags(args, ['coordinate']);
      if (leftoverPositionals(args, ['coordinate']).length > 0)
        throw new UsageError('click takes no other arguments');
      params = { coordinate, ...(clickType ? { clickType } : {}) } as ActionParamsOf<'click'>;
    } else {
      if (!matcher)
        throw new MissingArgumentError(
          'click requires a selector (--text, --id, --role, ...) or --coordinate.',
        );
      if (args.positionals.length > 0) throw new UsageError(`unexpected argument ${args.positionals[0]}`);
      params = {
        matcher,
        ...targetingParams(args),
        ...(clickType ? { clickType } : {}),
      } as ActionParamsOf<'click'>;
    }
    return runExecution(context, buildExecution('click', params, { timeoutMs: executionTimeout(args) }));
  },
};
