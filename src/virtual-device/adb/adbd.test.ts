import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeDevice } from '../../../test/virtual-device/fake-device.js';
import { type Adbd, startAdbd } from './adbd.js';
import { AdbDevice, type AdbDeviceOptions } from './device.js';
import {
  type AdbMessage,
  Command,
  encodeMessage,
  MessageDecoder,
  VERSION_MIN,
  VERSION_SKIP_CHECKSUM,
} from './message.js';

/** A bare-bones host side of the transport, to watch the adbd's messages one by one. */
class TestHost {
  private readonly decoder = new MessageDecoder();
  private readonly queue: AdbMessage[] = [];
  private waiter: (() => void) | undefined;
  closed = false;

  private constructor(
    readonly socket: Socket,
    private readonly version: number,
  ) {
    socket.on('data', (chunk) => {
      this.queue.push(...this.decoder.push(chunk));
      this.waiter?.();
    });
    socket.on('close', () => {
      this.closed = true;
      this.waiter?.();
    });
  }

  static async open(port: number, version = VERSION_SKIP_CHECKSUM): Promise<TestHost> {
    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    return new TestHost(socket, version);
  }

  send(command: number, arg0: number, arg1: number, data = ''): void {
    this.socket.write(encodeMessage({ command, arg0, arg1, data: Buffer.from(data) }, this.version));
  }

  async next(): Promise<AdbMessage | undefined> {
    while (this.queue.length === 0 && !this.closed) {
      await new Promise<void>((resolve) => {
        this.waiter = resolve;
      });
    }
    return this.queue.shift();
  }

  /** Whatever arrived so far, without waiting. */
  pending(): AdbMessage[] {
    return [...this.queue];
  }
}

const name = (command: number) => Buffer.from(Uint32Array.of(command).buffer).toString('latin1');

describe('adbd transport', () => {
  let adbd: Adbd | undefined;
  const hosts: TestHost[] = [];
  afterEach(async () => {
    for (const host of hosts.splice(0)) host.socket.destroy();
    await adbd?.close();
  });

  async function start(options: AdbDeviceOptions = {}) {
    const fake = createFakeDevice('virtual-5554');
    adbd = await startAdbd(new AdbDevice(fake, options));
    return fake;
  }
  async function host(version?: number) {
    const opened = await TestHost.open(adbd!.port, version);
    hosts.push(opened);
    return opened;
  }

  it('answers CNXN with the banner and negotiates version and payload size', async () => {
    await start();
    const peer = await host(VERSION_MIN);
    peer.send(Command.CNXN, VERSION_MIN, 4096, 'host::features=shell_v2');
    const reply = await peer.next();
    expect(reply && name(reply.command)).toBe('CNXN');
    expect(reply?.arg0).toBe(VERSION_MIN);
    expect(reply?.data.toString()).toBe(
      'device::ro.product.name=fake_phone;ro.product.model=Fake Phone;ro.product.device=fake;features=shell_v2,cmd,stat_v2,ls_v2,fixed_push_mkdir,abb_exec',
    );
  });

  it('offers 1 MiB payloads, as adbd since Android 9, and sends WRTEs of up to what both sides allow', async () => {
    const fake = await start();
    fake.files.set('/big', { data: Buffer.alloc(1.5 * 1024 * 1024, 7), mode: 0o100644, mtime: 0 });
    const peer = await host();
    peer.send(Command.CNXN, VERSION_SKIP_CHECKSUM, 1024 * 1024, 'host::');
    expect(await peer.next()).toMatchObject({ command: Command.CNXN, arg1: 1024 * 1024 });
    peer.send(Command.OPEN, 8, 0, "exec:cat '/big'\0");
    const localId = (await peer.next())!.arg0;
    const first = await peer.next();
    expect(first).toMatchObject({ command: Command.WRTE, arg0: localId, arg1: 8 });
    expect(first?.data.length).toBe(1024 * 1024);
    peer.send(Command.OKAY, 8, localId);
    expect((await peer.next())?.data.length).toBe(0.5 * 1024 * 1024);
  });

  it('refuses unknown services with CLSE(0, id) and keeps one WRTE in flight per stream', async () => {
    const fake = await start();
    fake.files.set('/big', { data: Buffer.alloc(10_000, 9), mode: 0o100644, mtime: 0 });
    const peer = await host();
    peer.send(Command.CNXN, VERSION_SKIP_CHECKSUM, 4096, 'host::');
    await peer.next();
    peer.send(Command.OPEN, 7, 0, 'framebuffer:\0');
    expect(await peer.next()).toMatchObject({ command: Command.CLSE, arg0: 0, arg1: 7 });

    peer.send(Command.OPEN, 8, 0, "exec:cat '/big'\0");
    const okay = await peer.next();
    expect(okay).toMatchObject({ command: Command.OKAY, arg1: 8 });
    const localId = okay!.arg0;
    const first = await peer.next();
    expect(first).toMatchObject({ command: Command.WRTE, arg0: localId, arg1: 8 });
    expect(first?.data.length).toBe(4096);
    // Until we acknowledge, nothing more may come: a shell round trip on another stream proves time passed.
    peer.send(Command.OPEN, 9, 0, 'shell:echo other\0');
    const others = [await peer.next(), await peer.next()];
    expect(others.map((message) => message && name(message.command))).toEqual(['OKAY', 'WRTE']);
    expect(peer.pending().filter((message) => message.arg1 === 8)).toEqual([]);
    let received = first!.data.length;
    while (received < 10_000) {
      peer.send(Command.OKAY, 8, localId);
      let message = await peer.next();
      while (message && message.arg1 !== 8) message = await peer.next();
      received += message?.data.length ?? 0;
    }
    expect(received).toBe(10_000);
  });

  it('never mode keeps asking for a new signature and never comes online', async () => {
    await start({ auth: 'never' });
    const peer = await host();
    peer.send(Command.CNXN, VERSION_SKIP_CHECKSUM, 4096, 'host::');
    expect(await peer.next()).toMatchObject({ command: Command.AUTH, arg0: 1 });
    peer.send(Command.AUTH, 2, 0, 'x'.repeat(256));
    const token = await peer.next();
    expect(token).toMatchObject({ command: Command.AUTH, arg0: 1 });
    expect(token?.data.length).toBe(20);
    peer.send(Command.AUTH, 3, 0, 'public key\0');
    peer.send(Command.OPEN, 1, 0, 'shell:echo\0');
    peer.send(Command.AUTH, 2, 0, 'y');
    expect(await peer.next()).toMatchObject({ command: Command.AUTH, arg0: 1 });
  });

  it('accept-any mode comes online after the first signature', async () => {
    await start({ auth: 'accept-any' });
    const peer = await host();
    peer.send(Command.CNXN, VERSION_SKIP_CHECKSUM, 4096, 'host::');
    expect(await peer.next()).toMatchObject({ command: Command.AUTH, arg0: 1 });
    peer.send(Command.AUTH, 2, 0, 'signature');
    expect(await peer.next()).toMatchObject({ command: Command.CNXN });
  });

  it('drops a connection that sends a malformed message', async () => {
    await start();
    const peer = await host();
    peer.socket.write(Buffer.alloc(24, 0x41));
    expect(await peer.next()).toBeUndefined();
    expect(peer.closed).toBe(true);
  });
});
