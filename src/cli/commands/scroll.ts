/** `droidproof scroll <down|up|left|right>`: optional container flags, no target (seed 003 "scroll"). */
import { buildExecution } from '../../actuator/device/builders.js';
import type { ActionParamsOf } from '../../contract/actions/index.js';
import type { CliCommand } from '../command.js';
import { UsageError } from '../errors.js';
import { ACTION_FLAGS, executionTimeout, runExecution, stringFlag } from './device-flags.js';
import { CONTAINER_SELECTOR_FLAGS, STRICT_FLAG, targetingParams } from './selector-flags.js';

export const DIRECTION_FLAG = {
  direction: { type: 'string', valueName: 'down|up|left|right', description: 'scroll direction' },
} as const;

/** The direction from `--direction` or the first positional. */
export function directionOf(flag: string | undefined, positionals: readonly string[]): string | undefined {
  if (flag !== undefined && positionals.length > 0) throw new UsageError('give the direction once');
  if (positionals.length > 1) throw new UsageError(`unexpected argument ${positionals[1]}`);
  return flag ?? positionals[0];
}

export const scrollCommand: CliCommand = {
  name: 'scroll',
  summary: 'Scroll the screen in a direction',
  usage: 'scroll <down|up|left|right> [--container-id <id>]',
  flags: { ...ACTION_FLAGS, ...DIRECTION_FLAG, ...CONTAINER_SELECTOR_FLAGS, ...STRICT_FLAG },
  async run(context) {
    const { args } = context;
    const direction = directionOf(stringFlag(args, 'direction'), args.positionals);
    const params = {
      ...(direction ? { direction } : {}),
      ...targetingParams(args),
    } as ActionParamsOf<'scroll'>;
    return runExecution(context, buildExecution('scroll', params, { timeoutMs: executionTimeout(args) }));
  },
};
