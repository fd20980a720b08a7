/**
 * `droidproof serve [--host 127.0.0.1] [--port 3000] [--token <t>]`: the local
 * HTTP + SSE API (seed 003 "Serve API", docs/serve.md). Long-running: one
 * startup line goes to stderr (stdout stays free), and SIGINT/SIGTERM stop it.
 * A non-loopback host needs a token, checked on every request.
 */
import { isIP } from 'node:net';
import type { DialectName } from '../../contract/dialect.js';
import type { CliCommand } from '../command.js';
import { EXIT } from '../command.js';
import { UsageError } from '../errors.js';
import { intFlag, stringFlag } from './device-flags.js';
import { exitSoon, untilSignal } from './until-signal.js';

export const SERVE_TOKEN_ENV = 'DROIDPROOF_SERVE_TOKEN';

export function isLoopbackHost(host: string): boolean {
  if (host === 'localhost' || host === '::1') return true;
  return isIP(host) === 4 && host.startsWith('127.');
}

export const serveCommand: CliCommand = {
  name: 'serve',
  summary: 'Start the local HTTP + SSE API',
  usage: 'serve [--host <host>] [--port <port>] [--token <token>]',
  flags: {
    host: { type: 'string', valueName: '<host>', description: 'address to bind (default 127.0.0.1)' },
    port: { type: 'string', valueName: '<port>', description: 'port to bind, 0 for any (default 3000)' },
    token: {
      type: 'string',
      valueName: '<token>',
      description: `bearer token every request must carry (default ${SERVE_TOKEN_ENV}); required off loopback`,
    },
    'adb-host': { type: 'string', valueName: '<host>', description: 'adb server host (default 127.0.0.1)' },
    'adb-port': { type: 'string', valueName: '<port>', description: 'adb server port' },
    dialect: { type: 'string', valueName: 'androperator|clawperator', description: 'Operator wire dialect' },
  },
  async run({ args }) {
    if (args.positionals.length > 0) throw new UsageError('serve takes no arguments');
    const host = stringFlag(args, 'host') ?? '127.0.0.1';
    const port = intFlag(args, 'port', 0, 65_535) ?? 3000;
    const envToken = process.env[SERVE_TOKEN_ENV]?.trim();
    const token = stringFlag(args, 'token') ?? (envToken ? envToken : undefined);
    if (!isLoopbackHost(host) && token === undefined) {
      throw new UsageError(`serve on non-loopback host ${host} requires --token or ${SERVE_TOKEN_ENV}`, {
        flag: '--token',
        host,
      });
    }
    // Loaded on use: the HTTP framework stays out of every other command's start-up.
    const { buildServeApp } = await import('../../serve/app.js');
    const app = buildServeApp({
      token,
      adbHost: stringFlag(args, 'adb-host'),
      adbPort: intFlag(args, 'adb-port', 1, 65_535),
      dialect: stringFlag(args, 'dialect') as DialectName | undefined,
    });
    await app.listen({ host, port });
    const address = app.server.address();
    const bound = typeof address === 'object' && address !== null ? address.port : port;
    const url = `http://${host.includes(':') ? `[${host}]` : host}:${bound}`;
    process.stderr.write(
      `${JSON.stringify({ ok: true, serve: { url, tokenRequired: token !== undefined } })}\n`,
    );
    const signal = await untilSignal();
    await app.close();
    exitSoon(EXIT.OK);
    return { body: { ok: true, serve: { status: 'stopped', signal } }, exitCode: EXIT.OK };
  },
};
