import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import {
  client,
  device,
  nextEvent,
  onTestEnd,
  startBroker,
} from '../../../test/environment/lease-harness.js';
import { AUTH_DEADLINE_MS, MAX_UNAUTHENTICATED } from './broker.js';
import { LeaseClient } from './client.js';
import { LeaseError } from './errors.js';
import type { BrokerAddress } from './protocol.js';

/** A raw loopback connection to the broker, for speaking the line protocol by hand. */
async function rawSocket(
  address: BrokerAddress,
): Promise<{ socket: Socket; lines: string[]; closed: Promise<void> }> {
  const socket = connect({ host: address.host, port: address.port });
  onTestEnd(() => socket.destroy());
  const lines: string[] = [];
  createInterface({ input: socket }).on('line', (line) => lines.push(line));
  const closed = once(socket, 'close').then(() => undefined);
  await once(socket, 'connect');
  return { socket, lines, closed };
}

describe('LeaseBroker', () => {
  it('hands each worker a different device and never one device to two workers', async () => {
    const { address } = await startBroker({ devices: [device('a'), device('b')] });
    const [one, two] = [await client(address, 'w1'), await client(address, 'w2')];
    const [l1, l2] = await Promise.all([one.acquire(1000), two.acquire(1000)]);
    expect(new Set([l1.device.serial, l2.device.serial])).toEqual(new Set(['a', 'b']));
  });

  it('serves waiters first come, first served when a device is released', async () => {
    const { address } = await startBroker({ devices: [device('only')] });
    const holder = await client(address, 'holder');
    const lease = await holder.acquire(1000);
    const order: string[] = [];
    const first = await client(address, 'first');
    const second = await client(address, 'second');
    const firstLease = first.acquire(5000).then((l) => {
      order.push('first');
      return l;
    });
    // The second request must reach the broker after the first: wait for the queue to hold it.
    await new Promise((resolve) => setImmediate(resolve));
    const secondLease = second.acquire(5000).then((l) => {
      order.push('second');
      return l;
    });
    await lease.release();
    await (await firstLease).release();
    await secondLease;
    expect(order).toEqual(['first', 'second']);
  });

  it('times out with LEASE_TIMEOUT naming who holds what', async () => {
    const { address } = await startBroker({ devices: [device('busy')] });
    const holder = await client(address, 'w1');
    const lease = await holder.acquire(1000, 'w1: settings.test.ts > scrolls');
    lease.hold('w1: login.test.ts > signs in');
    const waiter = await client(address, 'w2');
    const error = await waiter.acquire(100, 'w2: media.test.ts').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LeaseError);
    expect((error as LeaseError).code).toBe('LEASE_TIMEOUT');
    expect((error as LeaseError).message).toContain('busy: w1: login.test.ts > signs in');
    expect((error as LeaseError).details.waiting).toBe('w2: media.test.ts');
  });

  it('frees the device when the worker connection closes', async () => {
    const { broker, address } = await startBroker({ devices: [device('d')] });
    const holder = await client(address, 'w1');
    await holder.acquire(1000);
    const released = nextEvent(broker, (e) => e.type === 'released');
    holder.close();
    expect(await released).toMatchObject({ serial: 'd', reason: 'worker-disconnected' });
    const next = await client(address, 'w2');
    expect((await next.acquire(1000)).device.serial).toBe('d');
  });

  it('frees the device within one second of a kill -9 of the worker process', async () => {
    const { broker, address } = await startBroker({ devices: [device('k')] });
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/environment/fixtures/lease-holder.ts'], {
      env: { ...process.env, DROIDPROOF_LEASE_BROKER: JSON.stringify(address) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    onTestEnd(() => child.kill('SIGKILL'));
    const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
    expect(JSON.parse(line)).toEqual({ serial: 'k' });
    const released = nextEvent(broker, (e) => e.type === 'released');
    const killedAt = Date.now();
    child.kill('SIGKILL');
    const event = await released;
    expect(event).toMatchObject({ serial: 'k', reason: 'worker-disconnected' });
    expect(event.atMs - killedAt).toBeLessThan(1000);
  });

  it('rejects a client with the wrong secret', async () => {
    const { address } = await startBroker({ devices: [device('s')] });
    const error = await LeaseClient.connect(
      { ...address, secret: 'x'.repeat(48) },
      { pid: 1, label: 'intruder' },
    ).catch((e: unknown) => e);
    expect((error as LeaseError).code).toBe('LEASE_AUTH_FAILED');
  });

  it('quarantines a device that fails preparation and continues on the others, with what preparation learned', async () => {
    const { broker, address } = await startBroker({
      devices: [device('sick'), device('healthy')],
      prepare: async (d) => {
        if (d.serial === 'sick') throw new Error('doctor: Operator not installed');
        return { operatorVersion: `1.2.3 for ${d.serial}` };
      },
    });
    const c = await client(address, 'w1');
    const lease = await c.acquire(1000);
    expect(lease.device.serial).toBe('healthy');
    expect(lease.device.operatorVersion).toBe('1.2.3 for healthy');
    expect(broker.slotsView().find((s) => s.serial === 'sick')).toMatchObject({
      state: 'quarantined',
      quarantineReason: 'doctor: Operator not installed',
    });
  });

  it('fails fast with NO_HEALTHY_DEVICES when every device is quarantined', async () => {
    const { address } = await startBroker({
      devices: [device('x'), device('y')],
      prepare: async (d): Promise<undefined> => {
        throw new Error(`${d.serial} is locked`);
      },
    });
    const c = await client(address, 'w1');
    const started = Date.now();
    const error = (await c.acquire(30_000).catch((e: unknown) => e)) as LeaseError;
    expect(error.code).toBe('NO_HEALTHY_DEVICES');
    expect(error.message).toContain('x: x is locked');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('closes a connection that does not say hello within the deadline, with a typed reason', async () => {
    const { address } = await startBroker({ devices: [device('a')] });
    const silent = await rawSocket(address);
    const openedAt = Date.now();
    await silent.closed;
    expect(Date.now() - openedAt).toBeGreaterThanOrEqual(AUTH_DEADLINE_MS - 50);
    expect(JSON.parse(silent.lines[0]!)).toMatchObject({
      type: 'error',
      error: { code: 'LEASE_AUTH_FAILED' },
    });
    // A real worker still gets in.
    expect((await (await client(address, 'w1')).acquire(1000)).device.serial).toBe('a');
  });

  it('refuses connections beyond the cap of unauthenticated ones, and serves workers once they go', async () => {
    const { address } = await startBroker({ devices: [device('a')] });
    const pending = [];
    for (let i = 0; i < MAX_UNAUTHENTICATED; i++) pending.push(await rawSocket(address));
    const refused = await rawSocket(address);
    await refused.closed;
    expect(refused.lines).toEqual([]);
    for (const p of pending) p.socket.destroy();
    await Promise.all(pending.map((p) => p.closed));
    expect((await (await client(address, 'w1')).acquire(1000)).device.serial).toBe('a');
  });

  it("refuses to release another worker's lease with LEASE_NOT_HELD and keeps it leased", async () => {
    const { broker, address } = await startBroker({ devices: [device('a')] });
    const owner = await client(address, 'owner');
    const lease = await owner.acquire(1000);
    const other = await rawSocket(address);
    other.socket.write(
      `${JSON.stringify({ type: 'hello', secret: address.secret, worker: { pid: 2, label: 'other' } })}\n`,
    );
    other.socket.write(`${JSON.stringify({ type: 'release', leaseId: lease.leaseId })}\n`);
    await expect.poll(() => other.lines.length).toBe(2);
    expect(JSON.parse(other.lines[1]!)).toMatchObject({
      type: 'error',
      requestId: lease.leaseId,
      error: { code: 'LEASE_NOT_HELD' },
    });
    expect(broker.slotsView()[0]).toMatchObject({ state: 'leased', worker: { label: 'owner' } });
    await lease.release();
    expect(broker.slotsView()[0]?.state).toBe('free');
  });

  it('answers a malformed message with a typed protocol error and keeps serving', async () => {
    const { address } = await startBroker({ devices: [device('m')] });
    const c = await client(address, 'w1');
    // biome-ignore lint/suspicious/noExplicitAny: reaching the socket to send raw bytes
    (c as any).socket.write('{not json}\n');
    expect((await c.acquire(1000)).device.serial).toBe('m');
  });
});
