/**
 * The adb server's smart-socket protocol, the part droidproof's hot path
 * needs: one-shot host queries (`host:devices`, `host:version`) and a device
 * service on a transport (`host:transport:<serial>` then `shell:<command>`).
 * A request is 4 hex digits of length and the service name; the answer is
 * `OKAY` or `FAIL` + hex4 + message. The server carries one service per
 * connection, so each command opens its own loopback connection.
 *
 * Why not adbkit here: loading it costs a cold CLI more than 100 ms (bluebird,
 * node-forge, commander) and each call runs a promise chain around these same
 * few bytes. adbkit stays for push and install (`AdbTransport.install`).
 */
import { connect, type Socket } from 'node:net';

/** The server answered `FAIL` with this message (`device 'x' not found`, `device offline`, ...). */
export class AdbFailError extends Error {}

export interface ServerAddress {
  host: string;
  port: number;
}

/**
 * Reads exact byte counts from a socket in paused mode (`read(n)`), so what
 * the server sent beyond them stays in the socket for whoever takes it over.
 */
class SocketReader {
  private ended = false;
  private failure: Error | undefined;
  private wake: (() => void) | undefined;
  private readonly onReadable = () => this.notify();
  private readonly onEnd = () => {
    this.ended = true;
    this.notify();
  };
  private readonly onError = (error: Error) => {
    this.failure = error;
    this.notify();
  };

  constructor(private readonly socket: Socket) {
    socket.on('readable', this.onReadable);
    socket.on('end', this.onEnd);
    socket.on('close', this.onEnd);
    socket.on('error', this.onError);
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }

  private next(): Promise<void> {
    return new Promise<void>((resolve) => {
      this.wake = resolve;
    });
  }

  async read(length: number): Promise<Buffer> {
    for (;;) {
      const chunk: Buffer | null = this.socket.read(length);
      if (chunk !== null && chunk.length === length) return chunk;
      if (this.failure) throw this.failure;
      if (this.ended || chunk !== null)
        throw new Error(`the adb server closed the connection before ${length} more bytes came`);
      await this.next();
    }
  }

  /** Everything until the server closes the connection. */
  async readToEnd(): Promise<Buffer> {
    const parts: Buffer[] = [];
    for (;;) {
      for (let chunk = this.socket.read(); chunk !== null; chunk = this.socket.read()) parts.push(chunk);
      if (this.failure) throw this.failure;
      if (this.ended) return Buffer.concat(parts);
      await this.next();
    }
  }

  /** Stops reading and hands the socket over; unread bytes stay in it for the new owner's `data` listener. */
  release(): Socket {
    this.socket.off('readable', this.onReadable);
    this.socket.off('end', this.onEnd);
    this.socket.off('close', this.onEnd);
    this.socket.off('error', this.onError);
    // The new owner listens for errors; until it does, one must not crash the process.
    this.socket.on('error', () => {});
    return this.socket;
  }
}

function encodeRequest(service: string): Buffer {
  const body = Buffer.from(service, 'utf8');
  return Buffer.concat([Buffer.from(body.length.toString(16).padStart(4, '0'), 'ascii'), body]);
}

function open(address: ServerAddress): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: address.host, port: address.port, noDelay: true });
    socket.once('connect', () => {
      socket.off('error', reject);
      resolve(socket);
    });
    socket.once('error', reject);
  });
}

async function request(socket: Socket, reader: SocketReader, service: string): Promise<void> {
  socket.write(encodeRequest(service));
  const status = (await reader.read(4)).toString('ascii');
  if (status === 'OKAY') return;
  if (status === 'FAIL') {
    const length = Number.parseInt((await reader.read(4)).toString('ascii'), 16);
    throw new AdbFailError((await reader.read(length)).toString('utf8'));
  }
  throw new Error(`unexpected adb server answer ${JSON.stringify(status)} to ${service.slice(0, 80)}`);
}

/** A one-shot host query; resolves with its hex4-framed payload. */
export async function hostQuery(address: ServerAddress, service: string): Promise<string> {
  const socket = await open(address);
  const reader = new SocketReader(socket);
  try {
    await request(socket, reader, service);
    const length = Number.parseInt((await reader.read(4)).toString('ascii'), 16);
    // An empty answer (`host:devices` with no device) is `0000`; the server may close at once.
    if (length === 0) return '';
    return (await reader.read(length)).toString('utf8');
  } finally {
    socket.destroy();
  }
}

/**
 * Opens `service` on the device `serial`; resolves with the socket carrying
 * its raw stream (EOF ends it). `onSocket` sees the socket as soon as
 * it exists, so a deadline can destroy it while the request is in flight.
 */
export async function openDeviceService(
  address: ServerAddress,
  serial: string,
  service: string,
  onSocket?: (socket: Socket) => void,
): Promise<Socket> {
  const socket = await open(address);
  onSocket?.(socket);
  const reader = new SocketReader(socket);
  try {
    await request(socket, reader, `host:transport:${serial}`);
    await request(socket, reader, service);
  } catch (error) {
    socket.destroy();
    throw error;
  }
  return reader.release();
}

/** Runs `service` on the device and resolves with all it wrote before closing. */
export async function runDeviceService(
  address: ServerAddress,
  serial: string,
  service: string,
  onSocket?: (socket: Socket) => void,
): Promise<Buffer> {
  const socket = await open(address);
  onSocket?.(socket);
  const reader = new SocketReader(socket);
  try {
    await request(socket, reader, `host:transport:${serial}`);
    await request(socket, reader, service);
    return await reader.readToEnd();
  } finally {
    socket.destroy();
  }
}
