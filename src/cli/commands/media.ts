/**
 * `droidproof media list|status|observe|pause|play|seek` (seed 000): targeted
 * subcommands take exactly one of `--session <id>` or `--app <package>`.
 */
import { buildExecution } from '../../actuator/device/builders.js';
import type { ActionParamsOf } from '../../contract/actions/index.js';
import type { ParsedArgs } from '../args.js';
import type { CliCommand } from '../command.js';
import { MissingArgumentError, UsageError } from '../errors.js';
import { ACTION_FLAGS, executionTimeout, intFlag, runExecution, stringFlag } from './device-flags.js';
import { withPayload } from './notification-media-output.js';

function target(args: ParsedArgs): { applicationId?: string; mediaSessionId?: string } {
  const mediaSessionId = stringFlag(args, 'session');
  const applicationId = stringFlag(args, 'app');
  return { ...(applicationId ? { applicationId } : {}), ...(mediaSessionId ? { mediaSessionId } : {}) };
}

function optionalInts(args: ParsedArgs, names: Record<string, string>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [flag, key] of Object.entries(names)) {
    const value = intFlag(args, flag);
    if (value !== undefined) out[key] = value;
  }
  return out;
}

export const mediaCommand: CliCommand = {
  name: 'media',
  summary: 'List, inspect, observe and control Android media sessions',
  usage: 'media list [--app] | status|observe|pause|play|seek (--session <id> | --app <pkg>) [...]',
  flags: {
    ...ACTION_FLAGS,
    session: { type: 'string', valueName: '<id>', description: 'mediaSessionId from media list' },
    app: { type: 'string', valueName: '<package>', description: 'application id' },
    limit: { type: 'string', valueName: '<n>', description: 'list: sessions, 1..100' },
    'max-text-chars': { type: 'string', valueName: '<n>', description: 'list: text limit, 1..1024' },
    'duration-ms': { type: 'string', valueName: '<ms>', description: 'observe: 1..30000' },
    'wait-timeout-ms': {
      type: 'string',
      valueName: '<ms>',
      description: 'pause/play/seek: confirmation wait',
    },
    'position-ms': { type: 'string', valueName: '<ms>', description: 'seek: target position' },
    'position-tolerance-ms': { type: 'string', valueName: '<ms>', description: 'seek: tolerance, 0..60000' },
  },
  async run(context) {
    const { args } = context;
    const [sub, ...extra] = args.positionals;
    if (extra.length > 0) throw new UsageError(`unexpected argument ${extra[0]}`);
    const timeoutMs = executionTimeout(args);
    switch (sub) {
      case 'list': {
        const params = {
          ...(stringFlag(args, 'app') ? { applicationId: stringFlag(args, 'app') } : {}),
          ...optionalInts(args, { limit: 'limit', 'max-text-chars': 'maxTextChars' }),
        };
        return runExecution(
          context,
          buildExecution('list_media_sessions', params, { timeoutMs }),
          withPayload('list_media_sessions'),
        );
      }
      case 'status':
        return runExecution(
          context,
          buildExecution('get_media_status', target(args), { timeoutMs }),
          withPayload('get_media_status'),
        );
      case 'observe': {
        const durationMs = intFlag(args, 'duration-ms');
        if (durationMs === undefined)
          throw new MissingArgumentError('media observe requires --duration-ms <ms>.');
        const params = { ...target(args), durationMs } as ActionParamsOf<'observe_media'>;
        return runExecution(
          context,
          buildExecution('observe_media', params, { timeoutMs }),
          withPayload('observe_media'),
        );
      }
      case 'pause':
      case 'play': {
        const type = sub === 'pause' ? 'media_pause' : 'media_play';
        const params = { ...target(args), ...optionalInts(args, { 'wait-timeout-ms': 'waitTimeoutMs' }) };
        return runExecution(context, buildExecution(type, params, { timeoutMs }), withPayload(type));
      }
      case 'seek': {
        const positionMs = intFlag(args, 'position-ms');
        if (positionMs === undefined)
          throw new MissingArgumentError('media seek requires --position-ms <ms>.');
        const params = {
          ...target(args),
          positionMs,
          ...optionalInts(args, {
            'wait-timeout-ms': 'waitTimeoutMs',
            'position-tolerance-ms': 'positionToleranceMs',
          }),
        } as ActionParamsOf<'media_seek'>;
        return runExecution(
          context,
          buildExecution('media_seek', params, { timeoutMs }),
          withPayload('media_seek'),
        );
      }
      default:
        throw new UsageError('media needs a subcommand: list, status, observe, pause, play or seek');
    }
  },
};
