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
  holder?: string;
  worker?: WorkerIdentity;
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

interface Slot {
  descriptor: DeviceDescriptor;
  state: SlotState;
  lease?: { leaseId: string; connection: Connection; holder: string };
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
  /** Set when the timeout fired while a device was being prepared for this waiter. */
  timedOut: boolean;
}

/**
 * Owns the device pool in the test runner's main process and hands each
 * worker one device at a time. Waiters are served first come, first served;
 * a lease ends on release or when the worker's connection closes (the kernel
 * closes it at once when the worker dies, even by kill -9).
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
    return this.slots.map((slot) => ({
      serial: slot.descriptor.serial,
      state: slot.state,
      holder: slot.lease?.holder,
      worker: slot.lease?.connection.worker,
      quarantineReason: slot.quarantineReason,
    }));
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
    for (const slot of this.slots) if (slot.lease) this.endLease(slot, 'broker-closed');
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
    if (message.type === 'acquire')
      this.enqueue(connection, message.requestId, message.timeoutMs, message.holder);
    else if (message.type === 'release') this.release(connection, message.leaseId);
    else this.setHolder(connection, message.leaseId, message.holder);
  }

  private enqueue(connection: Connection, requestId: string, timeoutMs: number, holder?: string): void {
    if (this.closed) {
      this.send(connection, {
        type: 'error',
        requestId,
        error: {
          code: LeaseErrorCode.LEASE_BROKER_CLOSED,
          message: 'the lease broker is shutting down',
          details: {},
        },
      });
      return;
    }
    const waiter: Waiter = {
      requestId,
      connection,
      holder: holder ?? connection.worker?.label ?? 'unknown worker',
      timeoutMs,
      timer: setTimeout(() => this.expire(waiter), timeoutMs),
      timedOut: false,
    };
    this.waiters.push(waiter);
    this.pump();
  }

  private expire(waiter: Waiter): void {
    if (!this.removeWaiter(waiter)) {
      waiter.timedOut = true;
      return;
    }
    this.fail(waiter, this.timeoutError(waiter));
  }

  private timeoutError(waiter: Waiter): LeaseError {
    const holders = this.slots.map((slot) => ({
      serial: slot.descriptor.serial,
      state: slot.state,
      holder: slot.lease?.holder,
      quarantineReason: slot.quarantineReason,
    }));
    const held = holders.map((h) => `${h.serial}: ${h.holder ?? h.quarantineReason ?? h.state}`).join('; ');
    return new LeaseError(
      LeaseErrorCode.LEASE_TIMEOUT,
      `${waiter.holder}: no device became free within ${waiter.timeoutMs} ms (${held})`,
      { timeoutMs: waiter.timeoutMs, waiting: waiter.holder, devices: holders },
    );
  }

  /** Hands free devices to waiters in arrival order; the least recently used device goes first. */
  private pump(): void {
    while (this.waiters.length > 0) {
      if (this.slots.length === 0) {
        this.failAll(new LeaseError(LeaseErrorCode.NO_DEVICES, 'the device pool is empty'));
        return;
      }
      if (this.slots.every((slot) => slot.state === 'quarantined')) {
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
      const free = this.slots
        .filter((slot) => slot.state === 'free')
        .sort((a, b) => a.lastReleasedAt - b.lastReleasedAt)[0];
      if (!free) return;
      void this.prepareAndGrant(free, this.waiters.shift()!);
    }
  }

  private async prepareAndGrant(slot: Slot, waiter: Waiter): Promise<void> {
    slot.state = 'preparing';
    try {
      const learned = await this.options.prepare?.(slot.descriptor);
      if (learned) slot.descriptor = { ...slot.descriptor, ...learned };
    } catch (error) {
      slot.state = 'quarantined';
      slot.quarantineReason = error instanceof Error ? error.message : String(error);
      this.emit({
        type: 'quarantined',
        serial: slot.descriptor.serial,
        reason: slot.quarantineReason,
        atMs: Date.now(),
      });
      this.requeue(waiter);
      return;
    }
    if (this.closed || waiter.connection.socket.destroyed) {
      slot.state = 'free';
      this.pump();
      return;
    }
    clearTimeout(waiter.timer);
    const leaseId = randomUUID();
    slot.state = 'leased';
    slot.lease = { leaseId, connection: waiter.connection, holder: waiter.holder };
    this.emit({
      type: 'granted',
      serial: slot.descriptor.serial,
      leaseId,
      worker: waiter.connection.worker!,
      atMs: Date.now(),
    });
    this.send(waiter.connection, {
      type: 'granted',
      requestId: waiter.requestId,
      leaseId,
      device: slot.descriptor,
    });
  }

  /** A waiter whose device failed preparation keeps its place at the head of the queue. */
  private requeue(waiter: Waiter): void {
    if (waiter.timedOut) this.fail(waiter, this.timeoutError(waiter));
    else if (waiter.connection.socket.destroyed) clearTimeout(waiter.timer);
    else this.waiters.unshift(waiter);
    this.pump();
  }

  private release(connection: Connection, leaseId: string): void {
    const slot = this.slots.find((s) => s.lease?.leaseId === leaseId && s.lease.connection === connection);
    if (!slot) {
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
    this.endLease(slot, 'released');
    this.send(connection, { type: 'released', leaseId });
    this.pump();
  }

  private setHolder(connection: Connection, leaseId: string, holder: string): void {
    const slot = this.slots.find((s) => s.lease?.leaseId === leaseId && s.lease.connection === connection);
    if (slot?.lease) slot.lease.holder = holder;
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
    for (const slot of this.slots)
      if (slot.lease?.connection === connection) this.endLease(slot, 'worker-disconnected');
    this.pump();
  }

  private endLease(slot: Slot, reason: ReleaseReason): void {
    const lease = slot.lease!;
    slot.lease = undefined;
    slot.state = 'free';
    slot.lastReleasedAt = Date.now();
    this.emit({
      type: 'released',
      serial: slot.descriptor.serial,
      leaseId: lease.leaseId,
      worker: lease.connection.worker!,
      holder: lease.holder,
      reason,
      atMs: slot.lastReleasedAt,
    });
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
