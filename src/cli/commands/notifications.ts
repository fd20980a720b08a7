/**
 * `droidproof notifications list [--app] [--limit] [--max-text-chars]`,
 * `notifications dismiss <key> [--wait-timeout-ms]`,
 * `notifications action <key> --action <id>` (seed 001).
 */
import { buildExecution } from '../../actuator/device/builders.js';
import type { CliCommand } from '../command.js';
import { MissingArgumentError, UsageError } from '../errors.js';
import { ACTION_FLAGS, executionTimeout, intFlag, runExecution, stringFlag } from './device-flags.js';
import { withPayload } from './notification-media-output.js';

export const notificationsCommand: CliCommand = {
  name: 'notifications',
  summary: 'List, dismiss or invoke Android notifications',
  usage:
    'notifications list [--app <pkg>] [--limit <n>] | dismiss <key> [--wait-timeout-ms <ms>] | action <key> --action <id>',
  flags: {
    ...ACTION_FLAGS,
    app: { type: 'string', valueName: '<package>', description: 'only this app' },
    limit: { type: 'string', valueName: '<n>', description: 'items, 1..100 (default 25)' },
    'max-text-chars': { type: 'string', valueName: '<n>', description: 'text limit, 1..1024 (default 256)' },
    'wait-timeout-ms': {
      type: 'string',
      valueName: '<ms>',
      description: 'dismiss: wait for removal, 0..30000',
    },
    action: { type: 'string', valueName: '<action-id>', description: 'action: the advertised actionId' },
  },
  async run(context) {
    const { args } = context;
    const [sub, key, ...extra] = args.positionals;
    const timeoutMs = executionTimeout(args);
    if (extra.length > 0) throw new UsageError(`unexpected argument ${extra[0]}`);
    if (sub === 'list') {
      if (key !== undefined) throw new UsageError(`unexpected argument ${key}`);
      const applicationId = stringFlag(args, 'app');
      const limit = intFlag(args, 'limit');
      const maxTextChars = intFlag(args, 'max-text-chars');
      const params = {
        ...(applicationId ? { applicationId } : {}),
        ...(limit !== undefined ? { limit } : {}),
        ...(maxTextChars !== undefined ? { maxTextChars } : {}),
      };
      return runExecution(
        context,
        buildExecution('list_notifications', params, { timeoutMs }),
        withPayload('list_notifications'),
      );
    }
    if (sub === 'dismiss' || sub === 'action') {
      if (!key) throw new MissingArgumentError(`notifications ${sub} requires the notification key.`);
      if (sub === 'dismiss') {
        const waitTimeoutMs = intFlag(args, 'wait-timeout-ms');
        const params = { notificationKey: key, ...(waitTimeoutMs !== undefined ? { waitTimeoutMs } : {}) };
        return runExecution(
          context,
          buildExecution('dismiss_notification', params, { timeoutMs }),
          withPayload('dismiss_notification'),
        );
      }
      const actionId = stringFlag(args, 'action');
      if (!actionId) throw new MissingArgumentError('notifications action requires --action <action-id>.');
      return runExecution(
        context,
        buildExecution('invoke_notification_action', { notificationKey: key, actionId }, { timeoutMs }),
        withPayload('invoke_notification_action'),
      );
    }
    throw new UsageError('notifications needs a subcommand: list, dismiss or action');
  },
};
