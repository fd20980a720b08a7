/**
 * `daemon run`: the serve app on the daemon's Unix socket, plus `GET /daemon`
 * (its pid and key, for the ownership check). Writes its PID metadata once it
 * listens and removes its files when it stops.
 */
import { chmod, rm } from 'node:fs/promises';
import type { DialectName } from '../contract/dialect.js';
import { DroidproofError } from '../contract/errors.js';
import type { Execution } from '../contract/execution.js';
import type { ExecutionResultWrapper } from '../contract/wrappers.js';
import { buildServeApp } from '../serve/app.js';
import { type DeviceRequest, DeviceSessions } from '../serve/device-sessions.js';
import { EventHub } from '../serve/events.js';
import { runAndPublish } from '../serve/run-execution.js';
import { removeDaemonFiles, writeMetadata } from './metadata.js';
import { type DaemonTarget, daemonPaths, ensureDaemonDir } from './paths.js';

export interface DaemonRunOptions extends DaemonTarget {
  dialect?: DialectName;
  home?: string;
  /**
   * Runs one CLI invocation in the daemon over its shared connections; serves
   * `POST /cli { argv, cwd }`, which the CLI's fast path uses (docs/daemon.md).
   */
  cli?: (
    argv: string[],
    cwd: string,
    execute: DaemonExecutor,
  ) => Promise<{ output: string; exitCode: number }>;
}

/** Runs an execution on the daemon's connections; host-side failures throw their typed error. */
export type DaemonExecutor = (target: DeviceRequest, execution: Execution) => Promise<ExecutionResultWrapper>;

function cliBody(body: unknown): { argv: string[]; cwd: string } | undefined {
  const b = body as { argv?: unknown; cwd?: unknown } | null;
  if (typeof b !== 'object' || b === null || typeof b.cwd !== 'string' || !Array.isArray(b.argv))
    return undefined;
  return b.argv.every((a) => typeof a === 'string') ? { argv: b.argv as string[], cwd: b.cwd } : undefined;
}

/** Listens until `stopped` resolves, then closes and cleans up. */
export async function runDaemon(options: DaemonRunOptions, stopped: Promise<unknown>): Promise<void> {
  const paths = daemonPaths(options, options.home);
  await ensureDaemonDir(paths);
  const target = { adbHost: options.adbHost, adbPort: options.adbPort, dialect: options.dialect };
  const sessions = new DeviceSessions(target);
  const events = new EventHub();
  const app = buildServeApp({ ...target, sessions, events });
  const execute: DaemonExecutor = async (request, execution) => {
    const { answer } = await runAndPublish(sessions, events, request, execution, () => execution);
    if (!answer.ok) throw new DroidproofError(answer.error.code, answer.error.message, answer.error.details);
    // Results of the engine are always read from the canonical result lines.
    return { ...(answer as Omit<ExecutionResultWrapper, 'isCanonicalTerminal'>), isCanonicalTerminal: true };
  };
  app.get('/daemon', async () => ({ pid: process.pid, daemonKey: paths.key }));
  const cli = options.cli;
  if (cli !== undefined) {
    app.post('/cli', async (request, reply) => {
      const body = cliBody(request.body);
      if (body === undefined) {
        return reply
          .code(400)
          .send({ ok: false, error: { code: 'INVALID_BODY', message: 'expected { argv, cwd }' } });
      }
      return cli(body.argv, body.cwd, execute);
    });
  }
  try {
    await rm(paths.socket, { force: true });
    await app.listen({ path: paths.socket });
    await chmod(paths.socket, 0o600);
    await writeMetadata(paths, {
      pid: process.pid,
      startedAt: Date.now(),
      daemonKey: paths.key,
      cliEntryPath: process.argv[1] ?? null,
      rawDeviceId: options.device ?? null,
    });
    await stopped;
  } finally {
    await app.close();
    await removeDaemonFiles(paths);
  }
}
