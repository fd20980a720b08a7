/** `droidproof screenshot [--path <file>]`: `take_screenshot`, captured host-side over adb. */
import { resolve } from 'node:path';
import { buildExecution } from '../../actuator/device/builders.js';
import type { CliCommand } from '../command.js';
import { UsageError } from '../errors.js';
import { ACTION_FLAGS, executionTimeout, runExecution, stringFlag } from './device-flags.js';

export const screenshotCommand: CliCommand = {
  name: 'screenshot',
  aliases: ['take-screenshot', 'take_screenshot', 'capture-screenshot'],
  summary: 'Capture a screenshot from the device',
  usage: 'screenshot [--path <file>]',
  flags: {
    ...ACTION_FLAGS,
    path: { type: 'string', valueName: '<file>', description: 'where to save the PNG' },
  },
  async run(context) {
    const { args, cwd } = context;
    if (args.positionals.length > 0) throw new UsageError(`unexpected argument ${args.positionals[0]}`);
    const path = stringFlag(args, 'path');
    const params = path === undefined ? {} : { path: resolve(cwd, path) };
    return runExecution(
      context,
      buildExecution('take_screenshot', params, { timeoutMs: executionTimeout(args) }),
    );
  },
};
