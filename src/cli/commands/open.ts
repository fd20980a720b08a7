/**
 * `droidproof open <package|url|uri>`: `open_app` for a package id, `open_uri`
 * for anything with a scheme; the navigation flags are for packages only
 * (seed 003 "open_app").
 */
import { buildExecution } from '../../actuator/device/builders.js';
import { ExecutionValidationError } from '../../contract/validation-errors.js';
import type { CliCommand } from '../command.js';
import { MissingArgumentError, UsageError } from '../errors.js';
import { ACTION_FLAGS, executionTimeout, intFlag, runExecution, stringFlag } from './device-flags.js';

export const openCommand: CliCommand = {
  name: 'open',
  aliases: ['open-app', 'open_app', 'open-uri', 'open-url', 'open_uri', 'open_url'],
  summary: 'Open an app, URL or URI on the device',
  usage: 'open <package-id|url|uri> [--navigation-timeout-ms <ms>] [--skip-navigation-wait]',
  flags: {
    ...ACTION_FLAGS,
    app: { type: 'string', valueName: '<package>', description: 'package to open' },
    'navigation-timeout-ms': {
      type: 'string',
      valueName: '<ms>',
      description: 'foreground wait, 1000..120000',
    },
    'skip-navigation-wait': {
      type: 'boolean',
      description: 'do not wait for the app to reach the foreground',
    },
  },
  async run(context) {
    const { args } = context;
    const app = stringFlag(args, 'app');
    const [positional, ...extra] = args.positionals;
    if (extra.length > 0 || (app && positional)) throw new UsageError('open takes one target');
    const target = app ?? positional;
    if (!target) throw new MissingArgumentError('open requires a package id, URL or URI.');
    const timeoutMs = executionTimeout(args);
    const navigationTimeoutMs = intFlag(args, 'navigation-timeout-ms');
    const skip = args.flags['skip-navigation-wait'] === true;
    if (/^[A-Za-z][A-Za-z0-9+.-]*:/.test(target) && app === undefined) {
      if (navigationTimeoutMs !== undefined || skip) {
        throw new ExecutionValidationError(
          '--navigation-timeout-ms and --skip-navigation-wait apply to packages only',
          {
            path: 'actions.0.params',
          },
        );
      }
      return runExecution(context, buildExecution('open_uri', { uri: target }, { timeoutMs }));
    }
    const params = {
      applicationId: target,
      ...(skip ? { skipNavigationWait: true } : {}),
      ...(navigationTimeoutMs !== undefined ? { navigationTimeoutMs } : {}),
    };
    return runExecution(context, buildExecution('open_app', params, { timeoutMs }));
  },
};
