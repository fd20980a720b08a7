import { EventEmitter } from 'node:events';
import { createServer, type Socket } from 'node:net';
import { ByteQueue } from './byte-queue.js';
import { formatDeviceList, HOST_FEATURES } from './host-lists.js';
import { acquireDevice, parseHostRequest, parseTransportCommand, type Selector } from './host-select.js';
import { listen } from './net.js';
import type { DeviceRegistry, RegisteredDevice } from './registry.js';
import { ServiceStream } from './service-stream.js';
import { failure, hex4, okay, readRequest } from './smart-socket.js';

/** adb 29's ADB_SERVER_VERSION; the adb CLI restarts any server that reports another. */
export const ADB_SERVER_VERSION = 41;

/** A running host front end. Emits `kill` when a client sent `host:kill` (it then stops). */
export interface AdbHost extends EventEmitter<{ kill: [] }> {
  readonly host: string;
  readonly port: number;
  close(): Promise<void>;
}

/** After one request: close the socket (one-shot replies), or leave it to whoever took it over. */
type Next = 'close' | 'done';

class HostConnection {
  private readonly input = new ByteQueue();

  constructor(
    private readonly socket: Socket,
    private readonly registry: DeviceRegistry,
    private readonly kill: (requester: Socket) => void,
  ) {
    socket.setNoDelay(true);
    socket.on('data', (chunk) => this.input.push(chunk));
    socket.on('close', () => this.input.end());
    socket.on('error', () => {});
  }

  /** The real server answers one host request per connection (a transport switch carries one service). */
  async serve(): Promise<void> {
    const request = await readRequest(this.input);
    const next = request === undefined ? 'close' : await this.handle(request);
    if (next === 'close') this.socket.end();
  }

  private reply(bytes: Buffer): void {
    if (!this.socket.destroyed) this.socket.write(bytes);
  }

  private async handle(request: string): Promise<Next> {
    const devices = this.registry.list();
    const parsed = parseHostRequest(
      request,
      devices.map(({ device }) => device.serial),
    );
    if (!parsed) return this.fail('unknown host service');
    const { selector, command } = parsed;
    const transport = parseTransportCommand(command);
    if (transport && selector.kind === 'any')
      return this.switchTransport(transport.selector, transport.tport);
    switch (command) {
      case 'version':
        return this.answer(ADB_SERVER_VERSION.toString(16).padStart(4, '0'));
      case 'devices':
      case 'devices-l':
        return this.answer(formatDeviceList(devices, command === 'devices-l'));
      case 'track-devices':
      case 'track-devices-l':
        return this.trackDevices(command === 'track-devices-l');
      case 'host-features':
        return this.answer(HOST_FEATURES.join(','));
      case 'kill':
        this.reply(okay());
        this.kill(this.socket);
        return 'close';
      case 'features':
      case 'get-state':
      case 'get-serialno':
      case 'get-devpath':
        return this.query(selector, command);
      case 'list-forward':
        return this.answer('');
    }
    const wait = /^wait-for-(?:any|usb|local)-(device|disconnect|any)$/.exec(command);
    if (wait) return this.waitFor(selector, wait[1]);
    if (command.startsWith('connect:')) return this.connect(command.slice('connect:'.length));
    if (command.startsWith('disconnect:')) return this.disconnect(command.slice('disconnect:'.length));
    if (/^(forward|killforward)/.test(command)) {
      return this.fail('port forwarding is not supported by the droidproof virtual adb host');
    }
    return this.fail('unknown host service');
  }

  private answer(payload: string): Next {
    this.reply(okay(payload));
    return 'close';
  }

  private fail(message: string): Next {
    this.reply(failure(message));
    return 'close';
  }

  private query(selector: Selector, command: string): Next {
    const acquired = acquireDevice(this.registry.list(), selector, command !== 'features');
    if ('error' in acquired) return this.fail(acquired.error);
    const { device } = acquired.device;
    if (command === 'get-state') return this.answer(device.state);
    if (command === 'get-serialno') return this.answer(device.serial);
    if (command === 'get-devpath') return this.answer('unknown');
    return this.answer(device.features.filter((feature) => HOST_FEATURES.includes(feature)).join(','));
  }

  /** `OKAY` and the list, then the list again (hex4-framed) whenever it changes, until the client leaves. */
  private trackDevices(long: boolean): Promise<Next> {
    let last = formatDeviceList(this.registry.list(), long);
    this.reply(okay(last));
    const send = () => {
      const list = formatDeviceList(this.registry.list(), long);
      if (list === last) return;
      last = list;
      this.reply(hex4(list));
    };
    this.registry.on('change', send);
    return new Promise((resolve) => {
      this.socket.once('close', () => {
        this.registry.off('change', send);
        resolve('done');
      });
    });
  }

  private async waitFor(selector: Selector, state: string): Promise<Next> {
    this.reply(okay());
    const satisfied = () => {
      const acquired = acquireDevice(this.registry.list(), selector, true);
      if (state === 'disconnect') return 'error' in acquired;
      return 'device' in acquired && (state === 'any' || acquired.device.device.state === state);
    };
    while (!satisfied()) {
      const outcome = await new Promise<'change' | 'gone'>((resolve) => {
        const onChange = () => done('change');
        const onClose = () => done('gone');
        const done = (what: 'change' | 'gone') => {
          this.registry.off('change', onChange);
          this.socket.off('close', onClose);
          resolve(what);
        };
        this.registry.on('change', onChange);
        this.socket.once('close', onClose);
      });
      if (outcome === 'gone') return 'done';
    }
    this.reply(okay());
    return 'close';
  }

  private connect(address: string): Next {
    const known = this.registry
      .all()
      .find(({ adbdPort }) => adbdPort !== undefined && address === `127.0.0.1:${adbdPort}`);
    if (known) return this.answer(`already connected to ${address}`);
    return this.answer(
      `failed to connect to '${address}': the droidproof virtual adb host serves only its own devices`,
    );
  }

  private disconnect(address: string): Next {
    const known = this.registry.all().some(({ adbdPort }) => address === `127.0.0.1:${adbdPort}`);
    if (!known) return this.fail(`no such device '${address}'`);
    return this.fail(
      `cannot disconnect ${address}: use the farm's fault API (goOffline) to take a virtual device away`,
    );
  }

  /** `host:transport...`/`host:tport:...`: the same socket then carries one device service. */
  private async switchTransport(selector: Selector, tport: boolean): Promise<Next> {
    const acquired = acquireDevice(this.registry.list(), selector, false);
    if ('error' in acquired) return this.fail(acquired.error);
    const transportId = Buffer.alloc(8);
    transportId.writeBigUInt64LE(BigInt(acquired.device.transportId));
    this.reply(tport ? Buffer.concat([okay(), transportId]) : okay());
    const name = await readRequest(this.input);
    if (name === undefined) return 'close';
    return this.runService(acquired.device, name);
  }

  /** Writes with backpressure; rejects once the client is gone. */
  private send(chunk: Buffer): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.socket.destroyed) return reject(new Error('socket closed'));
      if (this.socket.write(chunk)) return resolve();
      const settle = () => {
        this.socket.off('drain', settle);
        this.socket.off('close', settle);
        if (this.socket.destroyed) reject(new Error('socket closed'));
        else resolve();
      };
      this.socket.on('drain', settle);
      this.socket.on('close', settle);
    });
  }

  private async runService({ device }: RegisteredDevice, name: string): Promise<Next> {
    const service = device.openService(name);
    if (!service) return this.fail('closed');
    device.attach(this.socket);
    this.reply(okay());
    const stream = new ServiceStream(
      {
        send: (chunk) => this.send(chunk),
        end: () => this.socket.end(),
        kill: () => this.socket.destroy(),
      },
      device.faults,
      service.isShell,
      this.input,
    );
    this.socket.once('close', () => stream.remoteClosed());
    await service.run(stream).catch(() => stream.close());
    return 'done';
  }
}

/**
 * Starts the adb host smart-socket front end on loopback, serving the
 * registry's devices to adbkit and to the `adb` CLI (`adb -P <port>`), with
 * no adb server or binary involved.
 */
export async function startAdbHost(
  registry: DeviceRegistry,
  options: { host?: string; port?: number } = {},
): Promise<AdbHost> {
  const sockets = new Set<Socket>();
  const events = new EventEmitter<{ kill: [] }>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    void new HostConnection(socket, registry, (requester) => {
      events.emit('kill');
      void close(requester);
    }).serve();
  });
  /** Drops every client (except one that asked to kill us and still awaits its OKAY) and stops listening. */
  const close = async (spare?: Socket) => {
    for (const socket of sockets) if (socket !== spare) socket.destroy();
    if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  const address = await listen(server, options.host ?? '127.0.0.1', options.port ?? 0);
  return Object.assign(events, { host: address.host, port: address.port, close: () => close() });
}
