/** `droidproof devices`: every adb entry with its raw state (seed 003 "androperator devices"). */
import { AdbTransport } from '../../actuator/adb/transport.js';
import type { CliCommand } from '../command.js';
import { EXIT } from '../command.js';
import { UsageError } from '../errors.js';
import { intFlag, stringFlag } from './device-flags.js';

export const devicesCommand: CliCommand = {
  name: 'devices',
  summary: 'List connected Android devices',
  usage: 'devices [--adb-host <host>] [--adb-port <port>]',
  flags: {
    'adb-host': { type: 'string', valueName: '<host>', description: 'adb server host (default 127.0.0.1)' },
    'adb-port': { type: 'string', valueName: '<port>', description: 'adb server port' },
  },
  async run({ args }) {
    if (args.positionals.length > 0) throw new UsageError('devices takes no arguments');
    const transport = new AdbTransport({
      adbHost: stringFlag(args, 'adb-host'),
      adbPort: intFlag(args, 'adb-port', 1, 65_535),
    });
    return { body: { devices: await transport.listDevices() }, exitCode: EXIT.OK };
  },
};
