import { connect } from 'node:net';
import { DroidproofError } from '../../contract/errors.js';
import { hex4 } from './smart-socket.js';

/**
 * Sends one host query (`host:connect:...`) to an adb server and returns its
 * payload. A FAIL reply or a dead server is a `DroidproofError`.
 */
export function queryAdbServer(address: { host: string; port: number }, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(address.port, address.host);
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
