/**
 * The serve app (seed 003 "Serve API") on Fastify: `/ping`, `/version`,
 * `/devices`, `POST /execute|/snapshot|/screenshot` and `GET /events` (SSE).
 * Execution results pass through as `{ ok, deviceId, terminalSource, envelope }`;
 * every failure is `{ ok: false, error: { code, message, details? } }` with the
 * seed's status mapping. The same app listens on TCP (`serve`) or a Unix
 * socket (the daemon).
 */
import { timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyRequest } from 'fastify';
import { AdbTransport } from '../actuator/adb/transport.js';
import { DroidproofError, isDroidproofError } from '../contract/errors.js';
import type { Execution } from '../contract/execution.js';
import { validateExecution } from '../contract/validate.js';
import { executionField, objectBody, screenshotPath, targetFields } from './bodies.js';
import { type AdbTarget, DeviceSessions } from './device-sessions.js';
import { errorBody, ServeRequestError } from './errors.js';
import { EventHub } from './events.js';
import { type VersionInfo, versionInfo } from './identity.js';
import { runAndPublish } from './run-execution.js';

/** JSON request body limit (seed 003: 100kb). */
export const BODY_LIMIT_BYTES = 100 * 1024;
/** The synthetic `/snapshot` and `/screenshot` executions' timeout (seed 003). */
export const SYNTHETIC_TIMEOUT_MS = 30_000;

export interface ServeAppOptions extends AdbTarget {
  /** When set, every request must carry `Authorization: Bearer <token>`. */
  token?: string;
  /** Reported by `/version`; default this process's identity. */
  identity?: VersionInfo;
  /** Device connections and SSE hub to use; default new ones (the daemon shares its own with its CLI route). */
  sessions?: DeviceSessions;
  events?: EventHub;
}

function syntheticExecution(kind: 'snap' | 'shot', path?: string): Execution {
  const commandId = `serve-${kind}-${Date.now()}`;
  const action =
    kind === 'snap'
      ? { id: 'snap', type: 'snapshot' }
      : { id: 'shot', type: 'take_screenshot', ...(path ? { params: { path } } : {}) };
  return validateExecution({
    commandId,
    taskId: commandId,
    source: 'serve-api',
    expectedFormat: 'android-ui-automator',
    timeoutMs: SYNTHETIC_TIMEOUT_MS,
    actions: [action],
  });
}

function tokenMatches(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization ?? '';
  const given = Buffer.from(header.startsWith('Bearer ') ? header.slice(7) : '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A Fastify error from body parsing or routing as the seed's global wrapper. */
function frameworkError(error: FastifyError): ServeRequestError {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return new ServeRequestError(413, 'PAYLOAD_TOO_LARGE', `Request body exceeds ${BODY_LIMIT_BYTES} bytes`, {
      limitBytes: BODY_LIMIT_BYTES,
    });
  }
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return new ServeRequestError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Request bodies must be application/json');
  }
  if (error.statusCode === 400 && (error instanceof SyntaxError || error.code?.startsWith('FST_ERR_CTP'))) {
    return new ServeRequestError(400, 'INVALID_JSON', `Request body is not valid JSON: ${error.message}`);
  }
  return new ServeRequestError(500, 'INTERNAL_SERVER_ERROR', 'Unhandled server error', {
    error: error.message,
  });
}

export function buildServeApp(options: ServeAppOptions = {}): FastifyInstance {
  const app = Fastify({ bodyLimit: BODY_LIMIT_BYTES, logger: false, forceCloseConnections: true });
  const sessions = options.sessions ?? new DeviceSessions(options);
  const events = options.events ?? new EventHub();
  const identity = options.identity ?? versionInfo();
  const closeStreams = new Set<() => void>();

  app.addHook('onClose', async () => {
    for (const close of closeStreams) close();
    await sessions.close();
  });

  if (options.token !== undefined) {
    const token = options.token;
    app.addHook('onRequest', async (request, reply) => {
      if (!tokenMatches(request, token)) {
        const error = new ServeRequestError(401, 'UNAUTHORIZED', 'Missing or wrong bearer token');
        return reply.code(401).send(errorBody(error));
      }
    });
  }

  app.setErrorHandler((error: FastifyError, _request, reply) => {
    const wrapped = error instanceof ServeRequestError ? error : frameworkError(error);
    return reply.code(wrapped.httpStatus).send(errorBody(wrapped));
  });

  app.setNotFoundHandler((request, reply) => {
    const error = new ServeRequestError(404, 'ROUTE_NOT_FOUND', `No route ${request.method} ${request.url}`, {
      method: request.method,
      url: request.url,
    });
    return reply.code(404).send(errorBody(error));
  });

  const execute = (body: Record<string, unknown>, input: unknown, execution: () => Execution) =>
    runAndPublish(sessions, events, targetFields(body), input, execution);

  app.get('/ping', async () => ({ ok: true }));
  app.get('/version', async () => identity);

  app.get('/devices', async (_request, reply) => {
    try {
      const devices = await new AdbTransport(options).listDevices();
      return { ok: true, devices };
    } catch (error) {
      const failure = isDroidproofError(error)
        ? error
        : new DroidproofError('INTERNAL_ERROR', (error as Error).message);
      return reply.code(500).send(errorBody(failure));
    }
  });

  app.post('/execute', async (request, reply) => {
    const body = objectBody(request.body, false);
    const input = executionField(body);
    const { status, answer } = await execute(body, input, () => validateExecution(input));
    return reply.code(status).send(answer);
  });

  app.post('/snapshot', async (request, reply) => {
    const body = objectBody(request.body, true);
    const { status, answer } = await execute(body, body, () => syntheticExecution('snap'));
    return reply.code(status).send(answer);
  });

  app.post('/screenshot', async (request, reply) => {
    const body = objectBody(request.body, true);
    const path = screenshotPath(body);
    const { status, answer } = await execute(body, body, () => syntheticExecution('shot', path));
    return reply.code(status).send(answer);
  });

  app.get('/events', (request, reply) => {
    reply.hijack();
    reply.raw.writeHead(200, {
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-cache',
      Connection: 'keep-alive',
    });
    const unsubscribe = events.subscribe((chunk) => reply.raw.write(chunk));
    const close = () => {
      unsubscribe();
      closeStreams.delete(close);
      reply.raw.end();
    };
    closeStreams.add(close);
    request.raw.on('close', close);
  });

  return app;
}
