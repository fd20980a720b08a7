import { randomBytes } from 'node:crypto';
import { createServer, type Server, type Socket } from 'node:net';
import type { AdbDevice } from './device.js';
import {
  type AdbMessage,
  Command,
  DEVICE_MAX_PAYLOAD,
  encodeHeader,
  MessageDecoder,
  VERSION_MIN,
  VERSION_SKIP_CHECKSUM,
} from './message.js';
import { listen } from './net.js';
import { ServiceStream, type StreamSink } from './service-stream.js';

/** AUTH arg0 values (adb.h). */
const AuthType = { token: 1, signature: 2, publicKey: 3 } as const;
/** CNXN/AUTH payloads must fit the v1 limit until both sides agree on more. */
const MAX_PAYLOAD_V1 = 4096;

interface StreamEntry {
  stream: ServiceStream;
  remoteId: number;
  /** The host acknowledged our last WRTE (the OPEN counts as the first acknowledgement). */
  ready: boolean;
  wake?: () => void;
}

/** One transport connection from an adb server: handshake, auth, and the multiplexed streams. */
class AdbdConnection {
  private readonly decoder = new MessageDecoder();
  private readonly streams = new Map<number, StreamEntry>();
  private version = VERSION_SKIP_CHECKSUM;
  private maxData = MAX_PAYLOAD_V1;
  private online = false;
  private nextLocalId = 1;

  constructor(
    private readonly socket: Socket,
    private readonly device: AdbDevice,
  ) {
    socket.setNoDelay(true);
    socket.on('data', (chunk) => this.receive(chunk));
    socket.on('error', () => {});
    socket.on('close', () => this.closeAll());
  }

  private receive(chunk: Buffer): void {
    let messages: AdbMessage[];
    try {
      messages = this.decoder.push(chunk);
    } catch {
      this.socket.destroy();
      return;
    }
    for (const message of messages) this.handle(message);
  }

  private send(command: number, arg0: number, arg1: number, data: Buffer = Buffer.alloc(0)): void {
    if (this.socket.destroyed) return;
    const header = encodeHeader({ command, arg0, arg1, data }, this.version);
    if (data.length === 0) {
      this.socket.write(header);
      return;
    }
    // Header and payload leave in one writev: no joined copy of a WRTE payload (up to 1 MiB).
    this.socket.cork();
    this.socket.write(header);
    this.socket.write(data);
    this.socket.uncork();
  }

  private handle(message: AdbMessage): void {
    if (message.command === Command.CNXN) this.connect(message);
    else if (message.command === Command.AUTH) this.authenticate(message);
    // Before the handshake completes, adbd ignores stream traffic.
    else if (message.command === Command.OPEN && this.online)
      this.open(message.arg0, message.data.toString('utf8'));
    else if (message.command === Command.OKAY) this.acknowledge(message.arg1);
    else if (message.command === Command.WRTE) this.write(message.arg1, message.data);
    else if (message.command === Command.CLSE) this.closeStream(message.arg1);
  }

  private connect(message: AdbMessage): void {
    this.closeAll();
    this.online = false;
    this.version = Math.max(VERSION_MIN, Math.min(message.arg0, VERSION_SKIP_CHECKSUM));
    this.maxData = Math.min(message.arg1, DEVICE_MAX_PAYLOAD);
    if (this.device.auth === 'none') this.acceptConnection();
    else this.sendToken();
  }

  private authenticate(message: AdbMessage): void {
    if (this.device.auth === 'accept-any') {
      if (message.arg0 === AuthType.signature || message.arg0 === AuthType.publicKey) this.acceptConnection();
      return;
    }
    // `never`: reject every signature; a public key would need a user's tap that never comes.
    if (message.arg0 === AuthType.signature) this.sendToken();
  }

  private sendToken(): void {
    this.send(Command.AUTH, AuthType.token, 0, randomBytes(20));
  }

  private acceptConnection(): void {
    this.online = true;
    this.send(Command.CNXN, this.version, DEVICE_MAX_PAYLOAD, Buffer.from(this.device.banner));
  }

  private open(remoteId: number, name: string): void {
    const service = this.device.openService(name);
    if (!service) {
      this.send(Command.CLSE, 0, remoteId);
      return;
    }
    const localId = this.nextLocalId++;
    const entry: StreamEntry = {
      stream: new ServiceStream(this.sinkFor(localId, remoteId), this.device.faults, service.isShell),
      remoteId,
      ready: true,
    };
    this.streams.set(localId, entry);
    this.send(Command.OKAY, localId, remoteId);
    service.run(entry.stream).catch(() => entry.stream.close());
  }

  private sinkFor(localId: number, remoteId: number): StreamSink {
    return {
      send: async (chunk) => {
        for (let offset = 0; offset < chunk.length; offset += this.maxData) {
          const entry = this.streams.get(localId);
          if (!entry) throw new Error('stream closed');
          await this.whenReady(entry);
          if (!this.streams.has(localId)) throw new Error('stream closed');
          entry.ready = false;
          this.send(Command.WRTE, localId, remoteId, chunk.subarray(offset, offset + this.maxData));
        }
      },
      end: () => {
        if (!this.streams.delete(localId)) return;
        this.send(Command.CLSE, localId, remoteId);
      },
      kill: () => this.socket.destroy(),
    };
  }

  private whenReady(entry: StreamEntry): Promise<void> {
    if (entry.ready) return Promise.resolve();
    return new Promise((resolve) => {
      entry.wake = resolve;
    });
  }

  private acknowledge(localId: number): void {
    const entry = this.streams.get(localId);
    if (!entry) return;
    entry.ready = true;
    const wake = entry.wake;
    entry.wake = undefined;
    wake?.();
  }

  private write(localId: number, data: Buffer): void {
    const entry = this.streams.get(localId);
    if (!entry) return;
    entry.stream.input.push(data);
    this.send(Command.OKAY, localId, entry.remoteId);
  }

  private closeStream(localId: number): void {
    const entry = this.streams.get(localId);
    if (!entry) return;
    this.streams.delete(localId);
    entry.stream.remoteClosed();
    entry.wake?.();
  }

  private closeAll(): void {
    for (const localId of [...this.streams.keys()]) this.closeStream(localId);
  }
}

/** A running adbd for one device. */
export interface Adbd {
  readonly host: string;
  readonly port: number;
  close(): Promise<void>;
}

/**
 * Starts the device side of adb on loopback: the real adb server reaches it
 * with `adb connect 127.0.0.1:<port>`. Each server connection is its own
 * transport. While the device is offline, connections are dropped at once,
 * so the server shows `offline` and reconnects when it comes back.
 */
export async function startAdbd(
  device: AdbDevice,
  options: { host?: string; port?: number } = {},
): Promise<Adbd> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    if (!device.online) {
      socket.destroy();
      return;
    }
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    device.attach(socket);
    new AdbdConnection(socket, device);
  });
  const address = await listen(server, options.host ?? '127.0.0.1', options.port ?? 0);
  return {
    host: address.host,
    port: address.port,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
