import { connect, type Socket } from 'node:net';
import { withDeadline } from '../../contract/deadline.js';
import { DroidproofError } from '../../contract/errors.js';
import { hex4 } from './smart-socket.js';

/** `host:connect` makes the server dial the device and handshake; far less than this is normal. */
export const ADB_QUERY_TIMEOUT_MS = 15_000;

/**
 * Sends one host query (`host:connect:...`) to an adb server and returns its
 * payload. A FAIL reply or a dead server is a `DroidproofError`; a server that
 * accepts and never answers is ADB_TIMEOUT once `timeoutMs` has passed.
 */
export function queryAdbServer(
  address: { host: string; port: number },
  request: string,
  timeoutMs = ADB_QUERY_TIMEOUT_MS,
): Promise<string> {
  let socket: Socket | undefined;
  return withDeadline(
    send(address, request, (opened) => {
      socket = opened;
    }),
    timeoutMs,
    () =>
      new DroidproofError(
        'ADB_TIMEOUT',
        `adb server at ${address.host}:${address.port} did not answer ${request} within ${timeoutMs} ms`,
        { request, timeoutMs, adbHost: address.host, adbPort: address.port },
      ),
    { onExpire: () => socket?.destroy() },
  );
}

function send(
  address: { host: string; port: number },
  request: string,
  opened: (socket: Socket) => void,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(address.port, address.host);
    opened(socket);
    const chunks: Buffer[] = [];
    socket.on('connect', () => socket.write(hex4(request)));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', (error) =>
      reject(
        new DroidproofError(
          'ADB_SERVER_UNREACHABLE',
          `no adb server at ${address.host}:${address.port}`,
          {},
          { cause: error },
        ),
      ),
    );
    socket.on('close', () => {
      const reply = Buffer.concat(chunks);
      const status = reply.toString('latin1', 0, 4);
      const payload = reply.toString(
        'utf8',
        8,
        8 + Number.parseInt(reply.toString('latin1', 4, 8) || '0', 16),
      );
      if (status === 'OKAY') resolve(payload);
      else
        reject(
          new DroidproofError('ADB_SERVER_FAILED', `adb server refused ${request}: ${payload}`, { request }),
        );
    });
  });
}
