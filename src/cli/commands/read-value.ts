/** `droidproof read-value --label <text> | --label-id <id> | --label-desc <desc> [--all]`: `read_key_value_pair`. */
import { buildExecution } from '../../actuator/device/builders.js';
import type { NodeMatcher } from '../../contract/matcher.js';
import type { CliCommand } from '../command.js';
import { MissingArgumentError, UsageError } from '../errors.js';
import { ACTION_FLAGS, executionTimeout, runExecution, stringFlag } from './device-flags.js';

const LABEL_FLAGS = {
  label: { flag: 'label', field: 'textEquals', aliases: ['text', 'label-text'] },
  'label-id': { flag: 'label-id', field: 'resourceId', aliases: ['id', 'resource-id'] },
  'label-desc': { flag: 'label-desc', field: 'contentDescEquals', aliases: ['desc', 'content-desc'] },
} as const;

export const readValueCommand: CliCommand = {
  name: 'read-value',
  aliases: ['read-kv', 'read-key-value-pair', 'read_key_value_pair'],
  summary: 'Read the value associated with a labeled element',
  usage: 'read-value --label <text> | --label-id <id> | --label-desc <desc> [--all]',
  flags: {
    ...ACTION_FLAGS,
    ...Object.fromEntries(
      Object.values(LABEL_FLAGS).map((f) => [
        f.flag,
        {
          type: 'string' as const,
          aliases: f.aliases,
          valueName: '<value>',
          description: `label ${f.field}`,
        },
      ]),
    ),
    all: { type: 'boolean', description: 'read every matching label' },
  },
  async run(context) {
    const { args } = context;
    if (args.positionals.length > 0) throw new UsageError(`unexpected argument ${args.positionals[0]}`);
    const labelMatcher: Record<string, string> = {};
    for (const f of Object.values(LABEL_FLAGS)) {
      const value = stringFlag(args, f.flag);
      if (value !== undefined) labelMatcher[f.field] = value;
    }
    if (Object.keys(labelMatcher).length === 0) {
      throw new MissingArgumentError('read-value requires --label, --label-id or --label-desc.');
    }
    const params = { labelMatcher: labelMatcher as NodeMatcher, ...(args.flags.all ? { all: true } : {}) };
    return runExecution(
      context,
      buildExecution('read_key_value_pair', params, { timeoutMs: executionTimeout(args) }),
    );
  },
};
