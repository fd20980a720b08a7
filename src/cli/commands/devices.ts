/** `droidproof devices`: every adb entry with its raw state (seed 003 "androperator devices"). */
import { AdbTransport } from '../../actuator/adb/transport.js';
import type { CliCommand } from '../command.js';
import { EXIT } from '../command.js';
import { UsageError } from '../errors.js';
import { DEVICE_FLAGS, targetFromFlags } from './device-flags.js';

export const devicesCommand: CliCommand = {
  name: 'devices',
  summary: 'List connected Android devices',
  usage: 'devices [--adb-host <host>] [--adb-port <port>]',
  flags: { 'adb-host': DEVICE_FLAGS['adb-host']!, 'adb-port': DEVICE_FLAGS['adb-port']! },
  async run({ args, env }) {
    if (args.positionals.length > 0) throw new UsageError('devices takes no arguments');
    const transport = new AdbTransport(await targetFromFlags(args, env));
    return { body: { devices: await transport.listDevices() }, exitCode: EXIT.OK };
  },
};
