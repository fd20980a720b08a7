import { createServer, type Socket } from 'node:net';

/**
 * A loopback server that accepts connections and never says a word: the
 * peer every deadline must survive. `close()` drops its connections too.
 */
export async function startSilentPeer(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
