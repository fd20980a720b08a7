/**
 * `droidproof virtual`: start N virtual devices and keep them running.
 *
 *   droidproof virtual --devices 2 --json
 *     → {"adbHost":"127.0.0.1","adbPort":41234,"devices":[{"serial":"virtual-5554","adbdPort":40001,...}]}
 *   droidproof virtual --devices 1 --adb-server 5037   (also `adb connect`s them on that server)
 *   droidproof virtual --dialect clawperator --operator-version 0.9.2 --apps settings,login
 *
 * The JSON is printed as soon as the devices are up; the servers keep the
 * process alive until SIGINT or SIGTERM, which stop them cleanly (exit 0).
 */

import { DIALECTS, type DialectName } from '../../contract/dialect.js';
import { DroidproofError } from '../../contract/errors.js';
import type { AuthMode } from '../../virtual-device/adb/device.js';
import type { OperatorSetup, VirtualDeviceOptions } from '../../virtual-device/device.js';
import { type CreateDevice, startVirtualFarm, type VirtualFarm } from '../../virtual-device/farm.js';
import { TEST_APP_NAMES, testAppsNamed } from '../../virtual-device/test-app-selection.js';
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

function dialectFlag(value: string | true | undefined): DialectName {
  if (value === undefined) return 'androperator';
  if (typeof value === 'string' && Object.hasOwn(DIALECTS, value)) return value as DialectName;
  throw new UsageError(
    `--dialect must be ${Object.keys(DIALECTS).join(' or ')}, got ${JSON.stringify(value)}`,
    {
      flag: '--dialect',
    },
  );
}

const VARIANTS = ['release', 'dev', 'both', 'none'] as const;

/** `--operator-variant`: which of the dialect's Operator packages are preinstalled. */
function operatorPackages(value: string | true | undefined, dialect: DialectName): OperatorSetup['packages'] {
  const [release, dev] = DIALECTS[dialect].packages;
  switch (value) {
    case undefined:
    case 'release':
      return [release];
    case 'dev':
      return [dev];
    case 'both':
      return [release, dev];
    case 'none':
      return [];
  }
  throw new UsageError(`--operator-variant must be ${VARIANTS.join(', ')}, got ${JSON.stringify(value)}`, {
    flag: '--operator-variant',
  });
}

function versionFlag(value: string | true | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string' && value.trim() !== '' && !/\s/.test(value)) return value;
  throw new UsageError(
    `--operator-version must be a version name such as 1.4.0, got ${JSON.stringify(value)}`,
    {
      flag: '--operator-version',
    },
  );
}

/** `--apps all|none|<name,...>`: which test apps to install besides the system image. */
function appsFlag(value: string | true | undefined): VirtualDeviceOptions['apps'] {
  if (value === undefined || value === 'all') return undefined;
  if (value === 'none') return [];
  const names = typeof value === 'string' ? value.split(',').map((n) => n.trim()) : [''];
  const unknown = names.filter((n) => !TEST_APP_NAMES.includes(n));
  if (unknown.length > 0) {
    throw new UsageError(
      `--apps takes all, none or a comma list of ${TEST_APP_NAMES.join(', ')}; unknown: ${unknown.join(', ')}`,
      { flag: '--apps' },
    );
  }
  return testAppsNamed(names);
}

/** The device options the flags describe. */
export function deviceOptions(
  flags: Record<string, string | true | undefined>,
): Omit<VirtualDeviceOptions, 'serial'> {
  const dialect = dialectFlag(flags.dialect);
  return {
    apps: appsFlag(flags.apps),
    operator: {
      dialect,
      packages: operatorPackages(flags['operator-variant'], dialect),
      version: versionFlag(flags['operator-version']),
    },
  };
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
    usage:
      'virtual [--devices <n>] [--adb-server <port>] [--auth none|accept-any|never] [--dialect androperator|clawperator] [--operator-variant release|dev|both|none] [--operator-version <v>] [--apps all|none|<name,...>]',
    flags: {
      devices: { type: 'string', valueName: '<n>', description: 'how many devices (default 1)' },
      'adb-server': {
        type: 'string',
        valueName: '<port>',
        description: 'register the devices with the adb server on this port (adb connect)',
      },
      auth: { type: 'string', valueName: 'none|accept-any|never', description: 'adbd authentication mode' },
      dialect: {
        type: 'string',
        valueName: 'androperator|clawperator',
        description: 'Operator wire dialect of the devices (default androperator)',
      },
      'operator-variant': {
        type: 'string',
        valueName: 'release|dev|both|none',
        description: 'which Operator packages are preinstalled (default release)',
      },
      'operator-version': {
        type: 'string',
        valueName: '<v>',
        description: "the Operator's versionName (default droidproof's version)",
      },
      apps: {
        type: 'string',
        valueName: 'all|none|<name,...>',
        description:
          'test apps to install: settings, login, player, notifier, shopping, slow, frames, audit (default all)',
      },
    },
    async run({ args, env }) {
      if (args.positionals.length > 0) {
        throw new UsageError(`virtual takes no positional arguments, got ${args.positionals[0]}`);
      }
      const device = deviceOptions(args.flags);
      const farm = await startVirtualFarm({
        devices: integerFlag(args.flags.devices, 'devices', MAX_DEVICES) ?? 1,
        adbServerPort: integerFlag(args.flags['adb-server'], 'adb-server', 65535),
        auth: authMode(args.flags.auth),
        ...(options.createDevice ? { createDevice: options.createDevice } : { device }),
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
