/**
 * `droidproof daemon start|stop|status|restart [--device <id>]` (seed 003
 * "Daemon", docs/daemon.md). `daemon run` is the internal foreground process
 * that `start` spawns; it is left out of the usage line on purpose.
 */
import type { DialectName } from '../../contract/dialect.js';
import { type DaemonOptions, daemonStatus, startDaemon, stopDaemon } from '../../daemon/lifecycle.js';
import type { ParsedArgs } from '../args.js';
import type { CliCommand } from '../command.js';
import { EXIT } from '../command.js';
import { UsageError } from '../errors.js';
import { DEVICE_FLAGS, intFlag, stringFlag } from './device-flags.js';
import { exitSoon, untilSignal } from './until-signal.js';

function daemonOptions(args: ParsedArgs): DaemonOptions {
  return {
    device: typeof args.flags.device === 'string' ? args.flags.device : undefined,
    adbHost: stringFlag(args, 'adb-host'),
    adbPort: intFlag(args, 'adb-port', 1, 65_535),
    operatorPackage: stringFlag(args, 'operator-package'),
    dialect: stringFlag(args, 'dialect'),
  };
}

const ok = (daemon: unknown) => ({ body: { ok: true, daemon }, exitCode: EXIT.OK });

export const daemonCommand: CliCommand = {
  name: 'daemon',
  summary: 'Manage the background Unix socket daemon',
  usage: 'daemon start|stop|status|restart [--device <id>] [--operator-package <package>]',
  flags: DEVICE_FLAGS,
  async run({ args }) {
    const [sub, ...rest] = args.positionals;
    if (rest.length > 0) throw new UsageError(`daemon ${sub} takes no other arguments`);
    const options = daemonOptions(args);
    switch (sub) {
      case 'start':
        return ok(await startDaemon(options));
      case 'stop':
        return ok(await stopDaemon(options));
      case 'status':
        return ok(await daemonStatus(options));
      case 'restart':
        await stopDaemon(options);
        return ok(await startDaemon(options));
      case 'run': {
        const { runDaemon } = await import('../../daemon/run.js');
        // The registry imports this module, so the framework is loaded on use.
        const { runCli } = await import('../run.js');
        try {
          await runDaemon(
            {
              ...options,
              dialect: options.dialect as DialectName | undefined,
              cli: async (argv, cwd, execute) => {
                let output = '';
                const exitCode = await runCli(argv, {
                  write: (text) => {
                    output += text;
                  },
                  cwd,
                  execute,
                });
                return { output, exitCode };
              },
            },
            untilSignal(),
          );
        } finally {
          exitSoon(EXIT.OK);
        }
        return ok({ status: 'stopped' });
      }
      default:
        throw new UsageError('usage: droidproof daemon start|stop|status|restart [--device <id>]', {
          subcommands: ['start', 'stop', 'status', 'restart'],
        });
    }
  },
};
