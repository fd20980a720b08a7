/**
 * `droidproof on-screen-log set (--text <text> | --template <template>) [layout flags]`
 * and `on-screen-log clear` (seed 003 "On-screen logs", CLI commands): each
 * flag maps to one `set_on_screen_log` parameter; the contract's validator
 * judges values (EXECUTION_VALIDATION_FAILED), the CLI only their syntax.
 */
import { buildExecution } from '../../actuator/device/builders.js';
import type { ActionParamsOf } from '../../contract/actions/index.js';
import type { ParsedArgs } from '../args.js';
import type { CliCommand } from '../command.js';
import { MissingArgumentError, UsageError } from '../errors.js';
import { ACTION_FLAGS, executionTimeout, runExecution, stringFlag } from './device-flags.js';

/** Flag → raw field; text fields keep their whitespace, numeric ones are integral JSON numbers. */
const TEXT_FIELDS = {
  text: 'text',
  template: 'template',
  anchor: 'anchor',
  'text-align': 'textAlign',
  'text-color': 'textColor',
  'background-color': 'backgroundColor',
} as const;
const NUMBER_FIELDS = {
  'top-offset-dp': 'topOffsetDp',
  'edge-offset-dp': 'edgeOffsetDp',
  'width-dp': 'widthDp',
  'font-size-sp': 'fontSizeSp',
  'ttl-ms': 'ttlMs',
} as const;
const PANEL_FLAGS = [...Object.keys(TEXT_FIELDS), ...Object.keys(NUMBER_FIELDS)];

/** A complete JSON number token with an integral value (`12`, `12.0`, `1e3`); `12px`, `0x10`, `1.5` are not. */
const JSON_NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;

function integral(flag: string, raw: string): number {
  const value = JSON_NUMBER.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(value))
    throw new UsageError(`--${flag} must be an integral number, got ${JSON.stringify(raw)}`, {
      flag: `--${flag}`,
      value: raw,
    });
  return value;
}

function panelParams(args: ParsedArgs): Record<string, string | number> {
  const params: Record<string, string | number> = {};
  for (const [flag, field] of Object.entries(TEXT_FIELDS)) {
    const value = args.flags[flag];
    if (value === true) throw new UsageError(`--${flag} needs a value`, { flag: `--${flag}` });
    if (value !== undefined) params[field] = value;
  }
  for (const [flag, field] of Object.entries(NUMBER_FIELDS)) {
    const value = stringFlag(args, flag);
    if (value !== undefined) params[field] = integral(flag, value);
  }
  return params;
}

export const onScreenLogCommand: CliCommand = {
  name: 'on-screen-log',
  summary: 'Show, replace, or clear the Operator on-screen diagnostic panel',
  usage:
    'on-screen-log set (--text <text> | --template <template>) [--anchor left|right] [--text-align left|right] [--top-offset-dp N] [--edge-offset-dp N] [--width-dp N] [--font-size-sp N] [--text-color #AARRGGBB] [--background-color #AARRGGBB] [--ttl-ms N] | on-screen-log clear',
  flags: {
    ...ACTION_FLAGS,
    text: { type: 'string', valueName: '<text>', description: 'set: literal panel text' },
    template: {
      type: 'string',
      valueName: '<template>',
      description: 'set: live template ({{placeholders}})',
    },
    anchor: { type: 'string', valueName: 'left|right', description: 'set: screen edge the panel hugs' },
    'text-align': { type: 'string', valueName: 'left|right', description: 'set: text alignment' },
    'top-offset-dp': { type: 'string', valueName: '<dp>', description: 'set: offset from the top' },
    'edge-offset-dp': { type: 'string', valueName: '<dp>', description: 'set: offset from the anchor edge' },
    'width-dp': { type: 'string', valueName: '<dp>', description: 'set: panel width' },
    'font-size-sp': { type: 'string', valueName: '<sp>', description: 'set: text size' },
    'text-color': { type: 'string', valueName: '#AARRGGBB', description: 'set: text colour' },
    'background-color': { type: 'string', valueName: '#AARRGGBB', description: 'set: background colour' },
    'ttl-ms': { type: 'string', valueName: '<ms>', description: 'set: how long the panel stays' },
  },
  async run(context) {
    const { args } = context;
    const [sub, ...extra] = args.positionals;
    if (extra.length > 0) throw new UsageError(`unexpected argument ${extra[0]}`);
    const timeoutMs = executionTimeout(args);
    if (sub === 'clear') {
      const given = PANEL_FLAGS.find((flag) => args.flags[flag] !== undefined);
      if (given) throw new UsageError(`on-screen-log clear takes no --${given}`, { flag: `--${given}` });
      return runExecution(context, buildExecution('clear_on_screen_log', undefined, { timeoutMs }));
    }
    if (sub === 'set') {
      const params = panelParams(args);
      if (params.text === undefined && params.template === undefined)
        throw new MissingArgumentError('on-screen-log set requires --text or --template.');
      return runExecution(
        context,
        buildExecution('set_on_screen_log', params as ActionParamsOf<'set_on_screen_log'>, { timeoutMs }),
      );
    }
    throw new UsageError(
      sub === undefined ? 'on-screen-log needs set or clear' : `unknown on-screen-log subcommand ${sub}`,
      { subcommands: ['set', 'clear'] },
    );
  },
};
