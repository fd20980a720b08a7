/**
 * `droidproof open <package|url|uri>`: `open_uri` when the target matches
 * `[a-z][a-z0-9+\-.]*://` (seed 003:10657-10660 `isOpenCliUriTarget()`),
 * else `open_app`; the navigation flags are for packages only (003:3070).
 * A positional target together with `--app` is EXECUTION_VALIDATION_FAILED (003:10700).
 */
import { buildExecution } from '../../actuator/device/builders.js';
import { ExecutionValidationError } from '../../contract/validation-errors.js';
import type { CliCommand } from '../command.js';
import { MissingArgumentError, UsageError } from '../errors.js';
import { ACTION_FLAGS, executionTimeout, intFlag, runExecution, stringFlag } from './device-flags.js';

/** A URI with a scheme, as `isOpenCliUriTarget()` classifies it. */
const OPEN_URI_TARGET = /^[a-z][a-z0-9+\-.]*:\/\//;

export const openCommand: CliCommand = {
  name: 'open',
  aliases: ['open-app', 'open_app', 'open-uri', 'open-url', 'open_uri', 'open_url'],
  summary: 'Open an app, URL or URI on the device',
  usage: 'open <package-id|url|uri> [--navigation-timeout-ms <ms>] [--skip-navigation-wait]',
  flags: {
    ...ACTION_FLAGS,
    app: { type: 'string', aliases: ['package'], valueName: '<package>', description: 'package to open' },
    url: { type: 'string', aliases: ['uri'], valueName: '<uri>', description: 'URL or URI to open' },
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
    const url = stringFlag(args, 'url');
    const [positional, ...extra] = args.positionals;
    if (extra.length > 0) throw new UsageError('open takes one target');
    if ([app, url, positional].filter((t) => t !== undefined).length > 1) {
      throw new ExecutionValidationError('open takes one target: a positional target, --app or --url', {
        path: 'actions.0.params',
      });
    }
    const target = app ?? url ?? positional;
    if (!target) throw new MissingArgumentError('open requires a package id, URL or URI.');
    const timeoutMs = executionTimeout(args);
    const navigationTimeoutMs = intFlag(args, 'navigation-timeout-ms');
    const skip = args.flags['skip-navigation-wait'] === true;
    if (url !== undefined || (app === undefined && OPEN_URI_TARGET.test(target))) {
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
