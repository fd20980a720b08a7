/**
 * `droidproof virtual`: start N virtual devices and keep them running.
 *
 *   droidproof virtual --devices 2 --json
 *     → {"adbHost":"127.0.0.1","adbPort":41234,"devices":[{"serial":"virtual-5554","adbdPort":40001,...}]}
 *   droidproof virtual --devices 1 --adb-server 5037   (also `adb connect`s them on that server)
 *
 * The JSON is printed as soon as the devices are up; the servers keep the
 * process alive until SIGINT or SIGTERM, which stop them cleanly (exit 0).
 */
import { DroidproofError } from '../../contract/errors.js';
import type { AuthMode } from '../../virtual-device/adb/device.js';
import { type CreateDevice, startVirtualFarm, type VirtualFarm } from '../../virtual-device/farm.js';
import { type CliCommand, EXIT } from '../command.js';
import { UsageError } from '../errors.js';
import { farmAnnouncement } from '../farm-announcement.js';
import { publishFarm } from '../farm-run-file.js';

export interface VirtualCommandOptions {
  /** Device factory; defaults to the farm's (the full virtual device). */
  createDevice?: CreateDevice;
  /** Calls `stop` on shutdown; defaults to SIGINT and SIGTERM. */
  onShutdown?: (stop: () => Promise<void>) => void;
}

function integerFlag(value: string | true | undefined, flag: string, max: number): number | undefined {
  if (value === undefined) return undefined;
  const number = value === true ? Number.NaN : Number(value);
  if (!Number.isInteger(number) || number < 1 || number > max) {
    throw new UsageError(`--${flag} must be an integer from 1 to ${max}, got ${JSON.stringify(value)}`, {
      flag: `--${flag}`,
    });
  }
  return number;
}

/** Serials run virtual-5554 ... like emulator console ports; a farm is a handful of devices. */
const MAX_DEVICES = 64;

function authMode(value: string | true | undefined): AuthMode {
  if (value === undefined) return 'none';
  if (value === 'none' || value === 'accept-any' || value === 'never') return value;
  throw new UsageError(`--auth must be none, accept-any or never, got ${JSON.stringify(value)}`, {
    flag: '--auth',
  });
}

function onSignals(stop: () => Promise<void>): void {
  const shutdown = () => {
    process.off('SIGINT', shutdown);
    process.off('SIGTERM', shutdown);
    // The devices may keep timers of their own (clocks, apps); once the farm is closed, nothing is left to serve.
    void stop().finally(() => process.exit(0));
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

/** What `virtual --json` prints. */
export function describeFarm(farm: VirtualFarm) {
  return {
    adbHost: farm.adbHost,
    adbPort: farm.adbPort,
    devices: farm.devices.map(({ serial, adbdPort }) => ({ serial, adbdPort })),
  };
}

/** Builds the command; tests inject the device factory and the shutdown trigger. */
export function createVirtualCommand(options: VirtualCommandOptions = {}): CliCommand {
  return {
    name: 'virtual',
    summary: 'Start virtual Android devices served over the adb protocols',
    usage: 'virtual [--devices <n>] [--adb-server <port>] [--auth none|accept-any|never]',
    flags: {
      devices: { type: 'string', valueName: '<n>', description: 'how many devices (default 1)' },
      'adb-server': {
        type: 'string',
        valueName: '<port>',
        description: 'register the devices with the adb server on this port (adb connect)',
      },
      auth: { type: 'string', valueName: 'none|accept-any|never', description: 'adbd authentication mode' },
    },
    async run({ args, env }) {
      if (args.positionals.length > 0) {
        throw new UsageError(`virtual takes no positional arguments, got ${args.positionals[0]}`);
      }
      const farm = await startVirtualFarm({
        devices: integerFlag(args.flags.devices, 'devices', MAX_DEVICES) ?? 1,
        adbServerPort: integerFlag(args.flags['adb-server'], 'adb-server', 65535),
        auth: authMode(args.flags.auth),
        createDevice: options.createDevice,
      }).catch((error: unknown) => {
        if (error instanceof DroidproofError) throw error;
        throw new DroidproofError(
          'VIRTUAL_DEVICE_START_FAILED',
          'could not start the virtual devices',
          {},
          { cause: error },
        );
      });
      const described = describeFarm(farm);
      const publication = await publishFarm(described, env);
      if (process.stdout.isTTY) process.stderr.write(farmAnnouncement(described));
      (options.onShutdown ?? onSignals)(() => publication.remove().then(farm.stop));
      return { body: described, exitCode: EXIT.OK };
    },
  };
}

export const virtualCommand: CliCommand = createVirtualCommand();
