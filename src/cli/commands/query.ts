/** `droidproof query [selector] [--visibility on_screen|all] [--limit n]`: `query_ui`. */
import { buildExecution } from '../../actuator/device/builders.js';
import type { ActionParamsOf } from '../../contract/actions/index.js';
import type { CliCommand } from '../command.js';
import { UsageError } from '../errors.js';
import { ACTION_FLAGS, executionTimeout, intFlag, runExecution, stringFlag } from './device-flags.js';
import { elementSelector, elementSelectorFlags } from './selector-flags.js';

export const queryCommand: CliCommand = {
  name: 'query',
  summary: 'Inspect matching nodes and their current state',
  usage:
    'query [--text <text> | --id <id> | --role <role> | --matcher-json <json>] [--visibility on_screen|all] [--limit <n>]',
  flags: {
    ...ACTION_FLAGS,
    ...elementSelectorFlags(),
    visibility: { type: 'string', valueName: 'on_screen|all', description: 'which nodes are candidates' },
    limit: { type: 'string', valueName: '<n>', description: 'nodes to return, 1..1000 (default 100)' },
  },
  async run(context) {
    const { args } = context;
    if (args.positionals.length > 0) throw new UsageError(`unexpected argument ${args.positionals[0]}`);
    const matcher = elementSelector(args);
    const visibility = stringFlag(args, 'visibility');
    const limit = intFlag(args, 'limit');
    const params = {
      ...(matcher ? { matcher } : {}),
      ...(visibility ? { visibility } : {}),
      ...(limit !== undefined ? { limit } : {}),
    } as ActionParamsOf<'query_ui'>;
    return runExecution(context, buildExecution('query_ui', params, { timeoutMs: executionTimeout(args) }));
  },
};
