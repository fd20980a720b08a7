/**
 * `droidproof show-report [dir] [--port <port>] [--no-open]`: serves a report
 * folder on loopback and opens it in the default browser. Long-running: one
 * JSON line with the URL goes to stderr (stdout stays free), and SIGINT or
 * SIGTERM stop it. The browser is not opened with `--no-open` or under CI
 * (`CI` set); the URL is printed either way.
 *
 *   droidproof show-report                 → serves ./droidproof-report (or DROIDPROOF_REPORT_DIR)
 *   droidproof show-report shard-1 --port 9323 --no-open
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { outputDirOption } from '../../evidence/bundle-dir.js';
import type { CliCommand } from '../command.js';
import { EXIT } from '../command.js';
import { UsageError } from '../errors.js';
import { intFlag } from './device-flags.js';
import { exitSoon, untilSignal } from './until-signal.js';

/** The platform's "open this URL" command; a failure to start it only means the user opens the URL. */
function openInBrowser(url: string): void {
  const [command, ...args] =
    process.platform === 'darwin'
      ? ['open', url]
      : process.platform === 'win32'
        ? ['cmd', '/c', 'start', '""', url]
        : ['xdg-open', url];
  const child = spawn(command!, args, { stdio: 'ignore', detached: true });
  child.on('error', () => undefined);
  child.unref();
}

function isCi(env: NodeJS.ProcessEnv): boolean {
  const ci = env.CI?.trim().toLowerCase();
  return ci !== undefined && ci !== '' && ci !== '0' && ci !== 'false';
}

export const showReportCommand: CliCommand = {
  name: 'show-report',
  summary: 'Serve an HTML report on loopback and open it in the browser',
  usage: 'show-report [dir] [--port <port>] [--no-open]',
  flags: {
    port: {
      type: 'string',
      valueName: '<port>',
      description: 'port to bind on 127.0.0.1 (default 0: any free port)',
    },
    'no-open': { type: 'boolean', description: 'print the URL only (the default under CI)' },
  },
  async run({ args, cwd, env }) {
    if (args.positionals.length > 1) throw new UsageError('show-report takes at most one report folder');
    const dir = resolve(cwd, args.positionals[0] ?? outputDirOption(undefined, env));
    const port = intFlag(args, 'port', 0, 65_535) ?? 0;
    const { serveReport } = await import('../../evidence/report/serve-report.js');
    const served = await serveReport(dir, { port });
    const open = !args.flags['no-open'] && !isCi(env);
    // Listen for the signal before announcing the URL: whoever reads the line may stop us at once.
    const stopped = untilSignal();
    process.stderr.write(
      `${JSON.stringify({ ok: true, showReport: { url: served.url, dir, opened: open } })}\n`,
    );
    if (open) openInBrowser(served.url);
    const signal = await stopped;
    await served.close();
    exitSoon(EXIT.OK);
    return { body: { ok: true, showReport: { status: 'stopped', signal } }, exitCode: EXIT.OK };
  },
};
