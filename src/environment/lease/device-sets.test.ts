import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import {
  client,
  device,
  nextEvent,
  onTestEnd,
  startBroker,
} from '../../../test/environment/lease-harness.js';
import { prng } from '../../../test/support/prng.js';
import type { LeaseEvent } from './broker.js';
import type { Lease, LeaseClient } from './client.js';
import type { LeaseError } from './errors.js';
import type { BrokerAddress } from './protocol.js';

const farm = (n: number) => Array.from({ length: n }, (_, i) => device(`d${i}`));
const serials = (leases: readonly Lease[]) => leases.map((lease) => lease.device.serial);
const leasesOf = async (c: LeaseClient, request: Parameters<LeaseClient['acquireSet']>[0]) =>
  (await c.acquireSet(request)).leases;

/** Resolves once the broker has queued as many requests as there are (granting nothing meanwhile). */
async function queued(address: BrokerAddress, requests: Array<Promise<unknown>>): Promise<void> {
  // A round trip on a fresh connection is ordered after every line sent before it on the others.
  const probe = await client(address, 'probe');
  await leasesOf(probe, { count: 1, timeoutMs: 1, holder: 'probe' }).catch(() => undefined);
  expect(requests.length).toBeGreaterThan(0);
}

describe('device sets', () => {
  it('grants a set all at once in pool order, and takes nothing while it cannot', async () => {
    const { broker, address } = await startBroker({ devices: farm(3) });
    const holder = await client(address, 'holder');
    const held = await holder.acquire(1000);
    const pair = leasesOf(await client(address, 'pair'), { count: 3, timeoutMs: 5000 });
    await queued(address, [pair]);
    // Two devices are free, the set needs three: both stay free rather than half-leased.
    expect(broker.slotsView().filter((slot) => slot.state === 'free')).toHaveLength(2);
    await held.release();
    expect(serials(await pair)).toEqual(['d0', 'd1', 'd2']);
  });

  it('keeps free devices for a waiting set, so later single requests cannot starve it', async () => {
    const { address } = await startBroker({ devices: farm(2) });
    const holder = await client(address, 'holder');
    const held = await holder.acquire(1000);
    const order: string[] = [];
    const pair = leasesOf(await client(address, 'pair'), { count: 2, timeoutMs: 5000 }).then((leases) => {
      order.push('pair');
      return leases;
    });
    await queued(address, [pair]);
    const single = (await client(address, 'single')).acquire(5000).then((lease) => {
      order.push('single');
      return lease;
    });
    await queued(address, [single]);
    expect(order).toEqual([]);
    await held.release();
    for (const lease of await pair) await lease.release();
    await single;
    expect(order).toEqual(['pair', 'single']);
  });

  it('fails at once with LEASE_POOL_TOO_SMALL when a set is larger than the healthy pool', async () => {
    const { address } = await startBroker({
      devices: farm(3),
      prepare: async (d) => {
        if (d.serial === 'd0') throw new Error('doctor: Operator missing');
        return undefined;
      },
    });
    const c = await client(address, 'w1');
    await c.acquire(1000);
    const error = (await leasesOf(c, { count: 3, timeoutMs: 30_000 }).catch((e: unknown) => e)) as LeaseError;
    expect(error.code).toBe('LEASE_POOL_TOO_SMALL');
    expect(error.details).toMatchObject({ count: 3, healthy: 2 });
  });

  it('refuses to bring a lease this worker does not hold', async () => {
    const { address } = await startBroker({ devices: farm(2) });
    const other = await (await client(address, 'other')).acquire(1000);
    const c = await client(address, 'w1');
    const error = (await leasesOf(c, { count: 2, timeoutMs: 1000, with: [other] }).catch(
      (e: unknown) => e,
    )) as LeaseError;
    expect(error.code).toBe('LEASE_NOT_HELD');
  });

  // Each worker holds its own device (as a worker session does) and, round after round, asks for a
  // set of two that includes it, does some work, and gives the extra device back. Waiting while
  // holding would deadlock as soon as every worker waits; the broker must always make progress.
  for (const [workers, devices] of [
    [2, 3],
    [2, 2],
    [3, 3],
    [4, 3],
  ] as const) {
    it(`never deadlocks: ${workers} workers each needing 2 devices on a farm of ${devices}, 40 rounds each`, async () => {
      const { broker, address } = await startBroker({ devices: farm(devices) });
      const random = prng(workers * 100 + devices);
      const driving = new Map<string, string>();
      const events: LeaseEvent[] = [];
      broker.onEvent((event) => events.push(event));
      const work = async () => {
        for (let i = Math.floor(random() * 4); i > 0; i--) await new Promise((r) => setImmediate(r));
      };
      const worker = async (name: string): Promise<number> => {
        const c: LeaseClient = await client(address, name);
        const own = await c.acquire(20_000, name);
        let rounds = 0;
        for (; rounds < 40; rounds++) {
          const extra = await leasesOf(c, { count: 2, timeoutMs: 20_000, holder: name, with: [own] });
          const set = [own.device.serial, ...serials(extra)];
          for (const serial of set) {
            // No device is ever driven by two workers at once, lent or not.
            expect(driving.get(serial), `${serial} in ${name}'s set`).toBeUndefined();
            driving.set(serial, name);
          }
          expect(new Set(set).size).toBe(2);
          await work();
          for (const serial of set) driving.delete(serial);
          for (const lease of extra) await lease.release();
          await work();
        }
        await own.release();
        return rounds;
      };
      const names = Array.from({ length: workers }, (_, i) => `w${i}`);
      expect(await Promise.all(names.map(worker))).toEqual(names.map(() => 40));
      expect(broker.slotsView().every((slot) => slot.state === 'free')).toBe(true);
      expect(events.filter((e) => e.type === 'granted').length).toBe(
        events.filter((e) => e.type === 'released').length,
      );
    });
  }

  it("lends a waiting worker's own device to an earlier set request and gets it back", async () => {
    const { broker, address } = await startBroker({ devices: farm(2) });
    const [a, b] = [await client(address, 'a'), await client(address, 'b')];
    const [ownA, ownB] = [await a.acquire(1000, 'a'), await b.acquire(1000, 'b')];
    // a asks first: nothing is free and nobody waits, so nothing can be lent yet.
    const firstA = a.acquireSet({ count: 2, timeoutMs: 5000, holder: 'a: chat', with: [ownA] });
    await queued(address, [firstA]);
    // b asks: its own device may now be lent, and a, first in the queue, borrows it.
    const firstB = b.acquireSet({ count: 2, timeoutMs: 5000, holder: 'b: chat', with: [ownB] });
    const [lentToA] = (await firstA).leases;
    expect((await firstA).ownLent).toBe(false);
    expect(lentToA?.device.serial).toBe(ownB.device.serial);
    expect(broker.slotsView()[1]).toMatchObject({ holder: 'a: chat', lentBy: 'b', state: 'leased' });
    await lentToA!.release();
    expect(broker.slotsView()[1]).toMatchObject({ holder: 'b', state: 'leased' });
    // b waits on; once a waits again, b borrows a's device.
    const secondA = leasesOf(a, { count: 2, timeoutMs: 5000, holder: 'a: chat 2', with: [ownA] });
    // b's set says its own device was driven by another worker meanwhile (so b resets it).
    expect(await firstB).toMatchObject({ ownLent: true });
    expect(serials((await firstB).leases)).toEqual([ownA.device.serial]);
    for (const lease of (await firstB).leases) await lease.release();
    // Each set borrows the other's device whenever the other waits too: neither waits forever.
    const secondB = leasesOf(b, { count: 2, timeoutMs: 5000, holder: 'b: chat 2', with: [ownB] });
    expect(serials(await secondA)).toEqual([ownB.device.serial]);
    for (const lease of await secondA) await lease.release();
    // a is done (its worker ends): its device is free, and b's set takes it.
    await ownA.release();
    expect(serials(await secondB)).toEqual([ownA.device.serial]);
  });

  it('returns a lent device to its owner when the borrower dies, and frees every device of a dead worker', async () => {
    const { broker, address } = await startBroker({ devices: farm(3) });
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'test/environment/fixtures/lease-holder.ts', '2'],
      {
        env: { ...process.env, DROIDPROOF_LEASE_BROKER: JSON.stringify(address) },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    onTestEnd(() => child.kill('SIGKILL'));
    const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
    expect(JSON.parse(line)).toEqual({ serials: ['d0', 'd1'] });
    const released: LeaseEvent[] = [];
    const both = new Promise<void>((resolve) =>
      broker.onEvent((event) => {
        if (event.type === 'released') released.push(event);
        if (released.length === 2) resolve();
      }),
    );
    child.kill('SIGKILL');
    await both;
    expect(released.map((e) => e.type === 'released' && [e.serial, e.reason])).toEqual([
      ['d0', 'worker-disconnected'],
      ['d1', 'worker-disconnected'],
    ]);
    expect(broker.slotsView().map((slot) => slot.state)).toEqual(['free', 'free', 'free']);

    // A borrower that dies gives the device back to its owner, not to the pool.
    const [owner, borrower] = [await client(address, 'owner'), await client(address, 'borrower')];
    const ownerLease = await owner.acquire(1000, 'owner');
    await (await client(address, 'hog')).acquire(1000, 'hog');
    const borrowerLease = await borrower.acquire(1000, 'borrower');
    const borrowed = leasesOf(borrower, { count: 2, timeoutMs: 5000, with: [borrowerLease] });
    await queued(address, [borrowed]);
    const ownerSet = leasesOf(owner, { count: 2, timeoutMs: 5000, holder: 'owner set', with: [ownerLease] });
    const [lent] = await borrowed;
    expect(lent?.device.serial).toBe(ownerLease.device.serial);
    const gone = nextEvent(broker, (e) => e.type === 'released' && e.serial === lent!.device.serial);
    borrower.close();
    await gone;
    // The borrower's own device is free now, and the owner's set, its device back home, takes it.
    expect(serials(await ownerSet)).toEqual([borrowerLease.device.serial]);
  });

  it('fails a timed-out set request only once its own device is back, never while it is lent', async () => {
    const { broker, address } = await startBroker({ devices: farm(2) });
    const [a, b] = [await client(address, 'a'), await client(address, 'b')];
    const [ownA, ownB] = [await a.acquire(1000, 'a'), await b.acquire(1000, 'b')];
    const setB = leasesOf(b, { count: 2, timeoutMs: 5000, with: [ownB] });
    await queued(address, [setB]);
    const setA = leasesOf(a, { count: 2, timeoutMs: 100, holder: 'a', with: [ownA] }).catch(
      (e: unknown) => e as LeaseError,
    );
    const [lent] = await setB;
    const timedOutAt = Date.now() + 100;
    let settled = false;
    void setA.then(() => (settled = true));
    // Past a's deadline the request is still pending: its device is being driven by b.
    await expect.poll(() => Date.now(), { interval: 50 }).toBeGreaterThan(timedOutAt + 200);
    expect(settled).toBe(false);
    expect(broker.slotsView()[0]).toMatchObject({ lentBy: 'a' });
    await lent!.release();
    expect(((await setA) as LeaseError).code).toBe('LEASE_TIMEOUT');
    expect(broker.slotsView()[0]).toMatchObject({ holder: 'a', state: 'leased' });
  });

  it('withdraws a set request when its test is aborted: the queue moves on and nothing stays leased', async () => {
    const { broker, address } = await startBroker({ devices: farm(2) });
    const holder = await client(address, 'holder');
    const held = await holder.acquire(1000, 'holder');
    const waiter = await client(address, 'waiter');
    const aborted = new AbortController();
    const set = leasesOf(waiter, { count: 2, timeoutMs: 60_000, signal: aborted.signal }).catch(
      (e: unknown) => e as LeaseError,
    );
    await queued(address, [set]);
    aborted.abort(new Error('test timed out'));
    expect(((await set) as LeaseError).code).toBe('LEASE_CANCELLED');
    // The free device it kept for itself goes to the next request at once.
    const single = await (await client(address, 'single')).acquire(1000, 'single');
    expect(single.device.serial).toBe('d1');
    await Promise.all([single.release(), held.release()]);
    // A withdrawal that crosses the grant gives the set straight back.
    const crossing = new AbortController();
    const granted = nextEvent(broker, (e) => e.type === 'granted');
    const late = leasesOf(waiter, { count: 2, timeoutMs: 1000, signal: crossing.signal }).catch(() => []);
    await granted;
    crossing.abort();
    await late;
    await expect.poll(() => broker.slotsView().map((slot) => slot.state)).toEqual(['free', 'free']);
  });
});
