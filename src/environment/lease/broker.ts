import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server, type Socket } from 'node:net';
import { LeaseError, LeaseErrorCode } from './errors.js';
import { readLines, writeLine } from './line-channel.js';
import {
  type BrokerAddress,
  type BrokerMessage,
  type ClientMessage,
  ClientMessageSchema,
  type DeviceDescriptor,
  type WorkerIdentity,
} from './protocol.js';

/**
 * Readies a device before each hand-out (health check, reset); throwing
 * quarantines it. What it learned about the device (the Operator version)
 * is merged into the descriptor the worker receives.
 */
export type PrepareDevice = (
  device: DeviceDescriptor,
) => Promise<Pick<DeviceDescriptor, 'operatorVersion'> | undefined>;

export interface LeaseBrokerOptions {
  devices: readonly DeviceDescriptor[];
  prepare?: PrepareDevice;
}

export type SlotState = 'free' | 'preparing' | 'leased' | 'quarantined';

export interface SlotView {
  serial: string;
  state: SlotState;
  /** Who drives the device now: the borrower while it is lent, else the owner. */
  holder?: string;
  worker?: WorkerIdentity;
  /** The owner's holder while the device is lent to another worker's set. */
  lentBy?: string;
  quarantineReason?: string;
}

export type LeaseEvent =
  | { type: 'granted'; serial: string; leaseId: string; worker: WorkerIdentity; atMs: number }
  | {
      type: 'released';
      serial: string;
      leaseId: string;
      worker: WorkerIdentity;
      /** What the lease was doing when it ended (the last `hold`). */
      holder: string;
      reason: ReleaseReason;
      atMs: number;
    }
  | { type: 'quarantined'; serial: string; reason: string; atMs: number };

export type ReleaseReason = 'released' | 'worker-disconnected' | 'broker-closed';

interface Hold {
  leaseId: string;
  connection: Connection;
  holder: string;
}

interface Slot {
  descriptor: DeviceDescriptor;
  state: SlotState;
  /** The owner's lease. */
  lease?: Hold;
  /** A lease of the device to another worker's set while its owner waits for its own set. */
  loan?: Hold;
  /** Chosen to be lent by a grant whose other devices are being prepared. */
  reserved?: Waiter;
  quarantineReason?: string;
  lastReleasedAt: number;
}

interface Connection {
  socket: Socket;
  worker?: WorkerIdentity;
  /** Closes the connection if it has not authenticated in time. */
  authTimer?: NodeJS.Timeout;
}

/** A worker sends its hello as soon as it connects; anything slower is not one of ours. */
export const AUTH_DEADLINE_MS = 1_000;
/** Connections still owing a hello; more are refused at once, so a flood cannot starve the run's workers. */
export const MAX_UNAUTHENTICATED = 16;

interface Waiter {
  requestId: string;
  connection: Connection;
  holder: string;
  timeoutMs: number;
  timer: NodeJS.Timeout;
  /** How many devices the set holds, `own` included. */
  count: number;
  /** The requester's own devices (the request's `with` leases): lendable while it waits. */
  own: Slot[];
  /** Set while the chosen devices are prepared; the waiter keeps its place in the queue meanwhile. */
  granting: boolean;
  /** Set when the timeout fired while the waiter could not be failed yet (preparing, or its own device lent). */
  timedOut: boolean;
  /** Set when one of its own devices was lent to another set while it waited. */
  ownLent: boolean;
}

/**
 * Owns the device pool in the test runner's main process. A request asks for
 * a set of one or more devices and gets all of them at once or none, so no
 * worker holds part of a set while it waits for the rest. Requests are served
 * first come, first served: one that cannot be served keeps the free devices
 * for itself, and later ones may only borrow. A request that brings devices
 * its worker already holds (`with`) lends them, while it waits, to other such
 * requests, which return them when their test ends; that is what keeps two
 * workers that each hold a device and each want a second from waiting on
 * each other. A lease ends on release or when the worker's connection closes
 * (the kernel closes it at once when the worker dies, even by kill -9).
 */
export class LeaseBroker {
  private readonly slots: Slot[];
  private readonly waiters: Waiter[] = [];
  private readonly connections = new Set<Connection>();
  private readonly listeners = new Set<(event: LeaseEvent) => void>();
  private readonly secret = randomBytes(24).toString('hex');
  private server?: Server;
  private closed = false;

  constructor(private readonly options: LeaseBrokerOptions) {
    this.slots = options.devices.map((descriptor) => ({ descriptor, state: 'free', lastReleasedAt: 0 }));
  }

  /** Listens on an OS-chosen loopback port and returns the address workers connect to. */
  async listen(): Promise<BrokerAddress> {
    const server = createServer((socket) => this.accept(socket));
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('lease broker has no TCP address');
    return { host: '127.0.0.1', port: address.port, secret: this.secret };
  }

  onEvent(listener: (event: LeaseEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  slotsView(): SlotView[] {
    return this.slots.map((slot) => {
      const driver = slot.loan ?? slot.lease;
      return {
        serial: slot.descriptor.serial,
        state: slot.state,
        holder: driver?.holder,
        worker: driver?.connection.worker,
        lentBy: slot.loan ? slot.lease?.holder : undefined,
        quarantineReason: slot.quarantineReason,
      };
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const waiter of this.waiters.splice(0)) {
      clearTimeout(waiter.timer);
      this.fail(
        waiter,
        new LeaseError(LeaseErrorCode.LEASE_BROKER_CLOSED, 'the lease broker is shutting down'),
      );
    }
    for (const slot of this.slots) {
      if (slot.loan) this.endHold(slot, 'loan', 'broker-closed');
      if (slot.lease) this.endHold(slot, 'lease', 'broker-closed');
    }
    for (const connection of this.connections) connection.socket.destroy();
    this.connections.clear();
    const server = this.server;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private accept(socket: Socket): void {
    if (this.unauthenticated() >= MAX_UNAUTHENTICATED) {
      socket.destroy();
      return;
    }
    socket.setNoDelay(true);
    const connection: Connection = { socket };
    connection.authTimer = setTimeout(() => {
      this.send(connection, {
        type: 'error',
        error: {
          code: LeaseErrorCode.LEASE_AUTH_FAILED,
          message: `no hello within ${AUTH_DEADLINE_MS} ms`,
          details: {},
        },
      });
      socket.destroy();
    }, AUTH_DEADLINE_MS);
    this.connections.add(connection);
    readLines(
      socket,
      ClientMessageSchema,
      (message) => this.handle(connection, message),
      (reason) => {
        this.send(connection, {
          type: 'error',
          error: {
            code: LeaseErrorCode.LEASE_PROTOCOL_ERROR,
            message: `bad lease message: ${reason}`,
            details: {},
          },
        });
      },
    );
    socket.on('error', () => socket.destroy());
    socket.on('close', () => this.disconnect(connection));
  }

  private handle(connection: Connection, message: ClientMessage): void {
    if (message.type === 'hello') {
      if (message.secret !== this.secret) {
        this.send(connection, {
          type: 'error',
          error: {
            code: LeaseErrorCode.LEASE_AUTH_FAILED,
            message: 'wrong lease broker secret',
            details: {},
          },
        });
        connection.socket.end();
        return;
      }
      clearTimeout(connection.authTimer);
      connection.worker = message.worker;
      this.send(connection, { type: 'welcome' });
      return;
    }
    if (!connection.worker) {
      connection.socket.destroy();
      return;
    }
    if (message.type === 'acquire') this.enqueue(connection, message);
    else if (message.type === 'cancel') this.cancel(connection, message.requestId);
    else if (message.type === 'release') this.release(connection, message.leaseId);
    else this.setHolder(connection, message.leaseId, message.holder);
  }

  private enqueue(connection: Connection, request: Extract<ClientMessage, { type: 'acquire' }>): void {
    const { requestId, timeoutMs, count } = request;
    const refuse = (code: LeaseErrorCode, message: string, details: Record<string, unknown> = {}) =>
      this.send(connection, { type: 'error', requestId, error: { code, message, details } });
    if (this.closed) {
      refuse(LeaseErrorCode.LEASE_BROKER_CLOSED, 'the lease broker is shutting down');
      return;
    }
    const own = request.with.map((leaseId) => this.slots.find((s) => s.lease?.leaseId === leaseId));
    const foreign = request.with.filter(
      (_, i) => !own[i] || own[i].lease?.connection !== connection || own[i].loan !== undefined,
    );
    if (foreign.length > 0) {
      refuse(LeaseErrorCode.LEASE_NOT_HELD, `lease ${foreign[0]} is not held by this worker`, {
        leaseId: foreign[0],
      });
      return;
    }
    if (count <= request.with.length) {
      refuse(
        LeaseErrorCode.LEASE_PROTOCOL_ERROR,
        `a set of ${count} devices cannot bring ${request.with.length} it already holds`,
      );
      return;
    }
    const waiter: Waiter = {
      requestId,
      connection,
      holder: request.holder ?? connection.worker?.label ?? 'unknown worker',
      timeoutMs,
      timer: setTimeout(() => this.expire(waiter), timeoutMs),
      count,
      own: own as Slot[],
      granting: false,
      timedOut: false,
      ownLent: false,
    };
    this.waiters.push(waiter);
    this.pump();
  }

  private cancel(connection: Connection, requestId: string): void {
    const waiter = this.waiters.find((w) => w.connection === connection && w.requestId === requestId);
    if (!waiter) return;
    clearTimeout(waiter.timer);
    this.expire(waiter);
    this.pump();
  }

  private expire(waiter: Waiter): void {
    if (waiter.granting || !this.isHome(waiter)) {
      waiter.timedOut = true;
      return;
    }
    if (this.removeWaiter(waiter)) this.fail(waiter, this.timeoutError(waiter));
  }

  private timeoutError(waiter: Waiter): LeaseError {
    const holders = this.slots.map((slot) => ({
      serial: slot.descriptor.serial,
      state: slot.state,
      holder: (slot.loan ?? slot.lease)?.holder,
      quarantineReason: slot.quarantineReason,
    }));
    const held = holders.map((h) => `${h.serial}: ${h.holder ?? h.quarantineReason ?? h.state}`).join('; ');
    const wanted =
      waiter.count === 1 ? 'no device became free' : `no ${waiter.count} devices became free together`;
    return new LeaseError(
      LeaseErrorCode.LEASE_TIMEOUT,
      `${waiter.holder}: ${wanted} within ${waiter.timeoutMs} ms (${held})`,
      { timeoutMs: waiter.timeoutMs, waiting: waiter.holder, count: waiter.count, devices: holders },
    );
  }

  /**
   * Serves waiters in arrival order. A waiter that cannot be served keeps the
   * free devices for itself (later waiters may still borrow), so a request for
   * several devices is not starved by a stream of single ones. Free devices go
   * least recently used first; borrowed ones only when no free one is left.
   */
  private pump(): void {
    if (this.closed || this.waiters.length === 0) return;
    if (this.slots.length === 0) {
      this.failAll(new LeaseError(LeaseErrorCode.NO_DEVICES, 'the device pool is empty'));
      return;
    }
    const healthy = this.slots.filter((slot) => slot.state !== 'quarantined').length;
    if (healthy === 0) {
      const reasons = this.slots.map((slot) => ({
        serial: slot.descriptor.serial,
        reason: slot.quarantineReason,
      }));
      this.failAll(
        new LeaseError(
          LeaseErrorCode.NO_HEALTHY_DEVICES,
          `every device failed its health checks: ${reasons.map((r) => `${r.serial}: ${r.reason}`).join('; ')}`,
          { devices: reasons },
        ),
      );
      return;
    }
    let keepFree = false;
    for (const waiter of [...this.waiters]) {
      if (waiter.granting) continue;
      if (!this.isHome(waiter)) {
        keepFree = true;
        continue;
      }
      if (waiter.timedOut || waiter.count > healthy) {
        this.removeWaiter(waiter);
        clearTimeout(waiter.timer);
        this.fail(waiter, waiter.timedOut ? this.timeoutError(waiter) : this.tooSmall(waiter, healthy));
        continue;
      }
      const free = keepFree
        ? []
        : this.slots
            .filter((slot) => slot.state === 'free')
            .sort((a, b) => a.lastReleasedAt - b.lastReleasedAt);
      const lendable =
        waiter.own.length > 0 ? this.slots.filter((slot) => this.lendableTo(slot, waiter)) : [];
      const picked = [...free, ...lendable].slice(0, waiter.count - waiter.own.length);
      if (picked.length < waiter.count - waiter.own.length) {
        keepFree = true;
        continue;
      }
      void this.grant(waiter, picked);
    }
  }

  private tooSmall(waiter: Waiter, healthy: number): LeaseError {
    return new LeaseError(
      LeaseErrorCode.LEASE_POOL_TOO_SMALL,
      `${waiter.holder}: needs ${waiter.count} devices at once, the pool has ${healthy} healthy`,
      { count: waiter.count, healthy, waiting: waiter.holder },
    );
  }

  /** True when none of the waiter's own devices is lent out (or about to be). */
  private isHome(waiter: Waiter): boolean {
    return waiter.own.every((slot) => !slot.loan && !slot.reserved);
  }

  /** A device another waiting set request brought, lent to `borrower` if it brings its own too. */
  private lendableTo(slot: Slot, borrower: Waiter): boolean {
    if (slot.state !== 'leased' || !slot.lease || slot.loan || slot.reserved) return false;
    if (slot.lease.connection === borrower.connection) return false;
    return this.waiters.some((w) => w !== borrower && !w.granting && w.own.includes(slot));
  }

  /** Prepares the free devices of the set, then grants the whole set, or puts everything back. */
  private async grant(waiter: Waiter, picked: Slot[]): Promise<void> {
    waiter.granting = true;
    const fresh = picked.filter((slot) => slot.state === 'free');
    const borrowed = picked.filter((slot) => slot.state !== 'free');
    for (const slot of fresh) slot.state = 'preparing';
    for (const slot of borrowed) slot.reserved = waiter;
    const prepared = await this.prepareAll(fresh);
    const undo = () => {
      for (const slot of fresh) if (slot.state === 'preparing') this.makeFree(slot);
      for (const slot of borrowed) {
        slot.reserved = undefined;
        this.settle(slot);
      }
      waiter.granting = false;
    };
    const gone = this.closed || waiter.connection.socket.destroyed;
    if (!prepared || gone || waiter.timedOut) {
      undo();
      if (gone) this.removeWaiter(waiter);
      this.pump();
      return;
    }
    this.removeWaiter(waiter);
    clearTimeout(waiter.timer);
    const ordered = [...picked].sort((a, b) => this.slots.indexOf(a) - this.slots.indexOf(b));
    const leases = ordered.map((slot) => {
      const hold: Hold = { leaseId: randomUUID(), connection: waiter.connection, holder: waiter.holder };
      if (slot.reserved === waiter) {
        slot.reserved = undefined;
        slot.loan = hold;
        for (const lender of this.waiters) if (lender.own.includes(slot)) lender.ownLent = true;
      } else slot.lease = hold;
      slot.state = 'leased';
      this.emit({
        type: 'granted',
        serial: slot.descriptor.serial,
        leaseId: hold.leaseId,
        worker: waiter.connection.worker!,
        atMs: Date.now(),
      });
      return { leaseId: hold.leaseId, device: slot.descriptor };
    });
    this.send(waiter.connection, {
      type: 'granted',
      requestId: waiter.requestId,
      leases,
      ownLent: waiter.ownLent,
    });
  }

  /** Runs the readiness hook on each device; one that fails is quarantined. True when all passed. */
  private async prepareAll(slots: Slot[]): Promise<boolean> {
    const results = await Promise.allSettled(slots.map((slot) => this.options.prepare?.(slot.descriptor)));
    results.forEach((result, i) => {
      const slot = slots[i]!;
      if (result.status === 'fulfilled') {
        if (result.value) slot.descriptor = { ...slot.descriptor, ...result.value };
        return;
      }
      slot.state = 'quarantined';
      slot.quarantineReason = result.reason instanceof Error ? result.reason.message : String(result.reason);
      this.emit({
        type: 'quarantined',
        serial: slot.descriptor.serial,
        reason: slot.quarantineReason,
        atMs: Date.now(),
      });
    });
    return results.every((result) => result.status === 'fulfilled');
  }

  private release(connection: Connection, leaseId: string): void {
    const lent = this.slots.find((s) => s.loan?.leaseId === leaseId && s.loan.connection === connection);
    const owned = this.slots.find((s) => s.lease?.leaseId === leaseId && s.lease.connection === connection);
    if (!lent && !owned) {
      this.send(connection, {
        type: 'error',
        requestId: leaseId,
        error: {
          code: LeaseErrorCode.LEASE_NOT_HELD,
          message: `lease ${leaseId} is not held by this worker`,
          details: { leaseId },
        },
      });
      return;
    }
    if (lent) this.endHold(lent, 'loan', 'released');
    else if (owned) this.endHold(owned, 'lease', 'released');
    this.send(connection, { type: 'released', leaseId });
    this.pump();
  }

  private setHolder(connection: Connection, leaseId: string, holder: string): void {
    for (const slot of this.slots) {
      for (const hold of [slot.lease, slot.loan])
        if (hold?.leaseId === leaseId && hold.connection === connection) hold.holder = holder;
    }
  }

  private unauthenticated(): number {
    let count = 0;
    for (const connection of this.connections) if (!connection.worker) count++;
    return count;
  }

  private disconnect(connection: Connection): void {
    clearTimeout(connection.authTimer);
    this.connections.delete(connection);
    for (const waiter of [...this.waiters]) {
      if (waiter.connection === connection) {
        clearTimeout(waiter.timer);
        this.removeWaiter(waiter);
      }
    }
    for (const slot of this.slots) {
      if (slot.loan?.connection === connection) this.endHold(slot, 'loan', 'worker-disconnected');
      if (slot.lease?.connection === connection) this.endHold(slot, 'lease', 'worker-disconnected');
    }
    this.pump();
  }

  /** Ends the owner's lease or a loan; the device is free once neither remains. */
  private endHold(slot: Slot, kind: 'lease' | 'loan', reason: ReleaseReason): void {
    const hold = slot[kind]!;
    slot[kind] = undefined;
    const atMs = Date.now();
    this.emit({
      type: 'released',
      serial: slot.descriptor.serial,
      leaseId: hold.leaseId,
      worker: hold.connection.worker!,
      holder: hold.holder,
      reason,
      atMs,
    });
    this.settle(slot);
  }

  /** A leased device that nobody owns, borrows or is about to borrow any more is free. */
  private settle(slot: Slot): void {
    if (slot.state === 'leased' && !slot.lease && !slot.loan && !slot.reserved) this.makeFree(slot);
  }

  private makeFree(slot: Slot): void {
    slot.state = 'free';
    slot.lastReleasedAt = Date.now();
  }

  private removeWaiter(waiter: Waiter): boolean {
    const index = this.waiters.indexOf(waiter);
    if (index === -1) return false;
    this.waiters.splice(index, 1);
    return true;
  }

  private failAll(error: LeaseError): void {
    for (const waiter of this.waiters.splice(0)) {
      clearTimeout(waiter.timer);
      this.fail(waiter, error);
    }
  }

  private fail(waiter: Waiter, error: LeaseError): void {
    this.send(waiter.connection, { type: 'error', requestId: waiter.requestId, error: error.toJSON() });
  }

  private send(connection: Connection, message: BrokerMessage): void {
    writeLine(connection.socket, message);
  }

  private emit(event: LeaseEvent): void {
    for (const listener of this.listeners) listener(event);
  }
}
