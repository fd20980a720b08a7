/**
 * Transparent proxying of the CLI's executions through the daemon (seed 003
 * "Daemon / Transparent Proxy"). Anything that fails before the request body
 * is written falls back to direct execution; a response lost after dispatch is
 * DAEMON_PROXY_ERROR (never replayed), except for read-only snapshots.
 * The proxy uses a running daemon of the current build (restarting a stale
 * one); it starts a missing daemon only when `DROIDPROOF_DAEMON_AUTOSTART=1`.
 */
import { isAbsolute } from 'node:path';
import { isErrorCode } from '../contract/error-codes.js';
import { DroidproofError } from '../contract/errors.js';
import type { Execution } from '../contract/execution.js';
import type { ExecutionResultWrapper } from '../contract/wrappers.js';
import { sameBuild, versionInfo } from '../serve/identity.js';
import { type DaemonOptions, pathsOf, probe, startDaemon, stopDaemon } from './lifecycle.js';
import { SocketRequestError, socketRequest } from './socket-client.js';

/** Headroom over the execution's own timeout before the proxy gives up on the response. */
const RESPONSE_HEADROOM_MS = 30_000;

export interface ProxyRequest extends DaemonOptions {
  execution: Execution;
  /** Read-only executions (snapshot) may run direct once after a lost response. */
  readOnly: boolean;
  env?: NodeJS.ProcessEnv;
}

export type ProxyOutcome =
  | { via: 'daemon'; wrapper: ExecutionResultWrapper }
  | { via: 'direct'; reason: string };

function writesRelativeScreenshot(execution: Execution): boolean {
  return execution.actions.some((action) => {
    const path =
      action.type === 'take_screenshot' ? (action.params as { path?: unknown } | undefined)?.path : undefined;
    return typeof path === 'string' && !isAbsolute(path);
  });
}

/** Whether a daemon of this build answers on the socket, starting or restarting it as the policy allows. */
async function ensureDaemon(request: ProxyRequest, env: NodeJS.ProcessEnv): Promise<string | undefined> {
  const paths = pathsOf(request);
  const mine = versionInfo(request.entry);
  const current = await probe(paths);
  if (current.state === 'unowned') return 'daemon socket is not owned by this CLI';
  if (current.state === 'running' && current.version && sameBuild(current.version, mine)) return undefined;
  const autostart = env.DROIDPROOF_DAEMON_AUTOSTART === '1';
  if (current.state !== 'running' && !autostart) return 'no daemon running';
  try {
    if (current.state === 'running') await stopDaemon(request);
    await startDaemon(request);
  } catch (error) {
    return `daemon not ready: ${(error as Error).message}`;
  }
  const restarted = await probe(paths);
  return restarted.state === 'running' && restarted.version && sameBuild(restarted.version, mine)
    ? undefined
    : 'daemon version does not match after restart';
}

export async function proxyExecution(request: ProxyRequest): Promise<ProxyOutcome> {
  const env = request.env ?? process.env;
  if (env.DROIDPROOF_NO_DAEMON === '1') return { via: 'direct', reason: 'DROIDPROOF_NO_DAEMON=1' };
  if (process.platform === 'win32') return { via: 'direct', reason: 'no Unix sockets' };
  if (writesRelativeScreenshot(request.execution))
    return { via: 'direct', reason: 'relative screenshot path' };
  const notReady = await ensureDaemon(request, env);
  if (notReady !== undefined) return { via: 'direct', reason: notReady };
  const paths = pathsOf(request);
  let answer: { status: number; body: unknown };
  try {
    answer = await socketRequest(
      paths.socket,
      'POST',
      '/execute',
      {
        execution: request.execution,
        ...(request.device?.trim() ? { deviceId: request.device } : {}),
        ...(request.operatorPackage ? { operatorPackage: request.operatorPackage } : {}),
      },
      request.execution.timeoutMs + RESPONSE_HEADROOM_MS,
    );
  } catch (error) {
    const dispatched = error instanceof SocketRequestError ? error.dispatched : true;
    if (!dispatched) return { via: 'direct', reason: 'daemon unreachable before dispatch' };
    if (request.readOnly) return { via: 'direct', reason: 'read-only execution after a lost response' };
    throw new DroidproofError('DAEMON_PROXY_ERROR', 'Daemon response lost; action may have executed', {
      error: String(error),
    });
  }
  const body = answer.body as {
    ok?: boolean;
    deviceId: string;
    terminalSource: string;
    envelope: ExecutionResultWrapper['envelope'];
    error?: { code: string; message: string; details?: Record<string, unknown> };
  };
  if (body.ok === true) {
    // The daemon ran the engine, whose results are always read from the canonical result lines.
    return {
      via: 'daemon',
      wrapper: {
        envelope: body.envelope,
        deviceId: body.deviceId,
        terminalSource: body.terminalSource,
        isCanonicalTerminal: true,
      },
    };
  }
  const error = body.error ?? {
    code: 'DAEMON_PROXY_ERROR',
    message: `Daemon answered HTTP ${answer.status}`,
  };
  // A daemon of another droidproof build may answer a code this catalogue lacks: keep it in details.
  const code = isErrorCode(error.code) ? error.code : 'DAEMON_PROXY_ERROR';
  throw new DroidproofError(code, error.message, {
    ...error.details,
    ...(code === error.code ? {} : { daemonCode: error.code }),
  });
}
