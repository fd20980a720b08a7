import type { Server } from 'node:net';
import { DroidproofError } from '../../contract/errors.js';

/** Listens and resolves with the bound address (port 0 lets the OS choose). */
export function listen(server: Server, host: string, port: number): Promise<{ host: string; port: number }> {
  return new Promise((resolve, reject) => {
    server.once('error', (error) =>
      reject(
        new DroidproofError(
          'VIRTUAL_DEVICE_LISTEN_FAILED',
          `cannot listen on ${host}:${port}`,
          {},
          { cause: error },
        ),
      ),
    );
    server.listen(port, host, () => {
      const address = server.address();
      if (address === null || typeof address === 'string') {
        reject(new DroidproofError('VIRTUAL_DEVICE_LISTEN_FAILED', `no TCP address for ${host}:${port}`));
        return;
      }
      resolve({ host, port: address.port });
    });
  });
}
