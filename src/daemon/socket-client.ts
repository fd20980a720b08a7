/**
 * JSON over HTTP on the daemon's Unix socket. A failure says whether the
 * request body had been fully written (`dispatched`): before that nothing can
 * have reached the device, after it the action may have run.
 */
import { request } from 'node:http';

export interface SocketAnswer {
  status: number;
  body: unknown;
}

export class SocketRequestError extends Error {
  constructor(
    message: string,
    readonly dispatched: boolean,
    readonly errno: string | undefined,
  ) {
    super(message);
  }
}

export function socketRequest(
  socketPath: string,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  timeoutMs = 5_000,
): Promise<SocketAnswer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    let dispatched = false;
    const req = request(
      {
        socketPath,
        method,
        path,
        timeout: timeoutMs,
        headers: payload === undefined ? {} : { 'content-type': 'application/json' },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', (error) => reject(new SocketRequestError(String(error), true, undefined)));
        res.on('end', () => {
          try {
            resolve({
              status: res.statusCode ?? 0,
              body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
            });
          } catch (error) {
            reject(new SocketRequestError(`invalid daemon response: ${String(error)}`, true, undefined));
          }
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`daemon request timed out after ${timeoutMs}ms`)));
    req.on('error', (error: NodeJS.ErrnoException) =>
      reject(new SocketRequestError(String(error), dispatched, error.code)),
    );
    req.end(payload, () => {
      dispatched = payload !== undefined;
    });
  });
}
