/**
 * `droidproof scroll-until [<direction>] --text <text> [--click]` and
 * `scroll-and-click`: `--click` switches to `scroll_and_click` (seed 003 "CLI To Action Mapping").
 */
import { buildExecution } from '../../actuator/device/builders.js';
import type { ActionParamsOf } from '../../contract/actions/index.js';
import type { CliCommand, CommandContext } from '../command.js';
import { MissingArgumentError } from '../errors.js';
import { ACTION_FLAGS, executionTimeout, runExecution, stringFlag } from './device-flags.js';
import { DIRECTION_FLAG, directionOf } from './scroll.js';
import { elementSelector, TARGET_FLAGS, targetingParams } from './selector-flags.js';

const FLAGS = { ...ACTION_FLAGS, ...DIRECTION_FLAG, ...TARGET_FLAGS };

function scrollUntil(context: CommandContext, click: boolean) {
  const { args } = context;
  const direction = directionOf(stringFlag(args, 'direction'), args.positionals);
  const matcher = elementSelector(args);
  if (!matcher)
    throw new MissingArgumentError('scroll-until requires a target selector (--text, --id, ...).');
  const params = { matcher, ...(direction ? { direction } : {}), ...targetingParams(args) };
  const timeoutMs = executionTimeout(args);
  if (click) {
    return runExecution(
      context,
      buildExecution('scroll_and_click', params as ActionParamsOf<'scroll_and_click'>, { timeoutMs }),
    );
  }
  return runExecution(
    context,
    buildExecution('scroll_until', params as ActionParamsOf<'scroll_until'>, { timeoutMs }),
  );
}

export const scrollUntilCommand: CliCommand = {
  name: 'scroll-until',
  aliases: ['scroll_until'],
  summary: 'Scroll until a target element is visible',
  usage: 'scroll-until [<direction>] --text <text> [--click]',
  flags: { ...FLAGS, click: { type: 'boolean', description: 'click the target once visible' } },
  run: (context) => scrollUntil(context, context.args.flags.click === true),
};

export const scrollAndClickCommand: CliCommand = {
  name: 'scroll-and-click',
  aliases: ['scroll_and_click'],
  summary: 'Scroll until the target is visible, then click it',
  usage: 'scroll-and-click [<direction>] --text <text>',
  flags: FLAGS,
  run: (context) => scrollUntil(context, true),
};
