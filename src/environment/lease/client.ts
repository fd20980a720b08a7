import { randomUUID } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { LeaseError, LeaseErrorCode } from './errors.js';
import { readLines, writeLine } from './line-channel.js';
import {
  type BrokerAddress,
  BrokerAddressSchema,
  type BrokerMessage,
  BrokerMessageSchema,
  type DeviceDescriptor,
  type WorkerIdentity,
} from './protocol.js';

export interface Lease {
  readonly leaseId: string;
  readonly device: DeviceDescriptor;
  /** Tells the broker what this lease is doing now, so a LEASE_TIMEOUT elsewhere can name it. */
  hold(holder: string): void;
  release(): Promise<void>;
}

export interface GrantedSet {
  leases: Lease[];
  /** A device the request brought (`with`) was lent to another worker's set while it waited. */
  ownLent: boolean;
}

type Pending = { resolve: (message: BrokerMessage) => void; reject: (error: LeaseError) => void };

/**
 * A worker's connection to the lease broker. One connection per worker
 * process: closing it (or the process dying) ends every lease it holds.
 */
export class LeaseClient {
  private readonly pending = new Map<string, Pending>();
  /** Requests withdrawn while pending: a grant that crossed the withdrawal is released at once. */
  private readonly abandoned = new Set<string>();
  private closedError?: LeaseError;

  private constructor(private readonly socket: Socket) {}

  static async connect(address: BrokerAddress | string, worker: WorkerIdentity): Promise<LeaseClient> {
    const parsed = BrokerAddressSchema.safeParse(typeof address === 'string' ? safeJson(address) : address);
    if (!parsed.success) {
      throw new LeaseError(
        LeaseErrorCode.LEASE_BROKER_UNAVAILABLE,
        'the lease broker address is missing or invalid',
        {
          issues: parsed.error.issues.map((issue) => issue.message),
        },
      );
    }
    const { host, port, secret } = parsed.data;
    const socket = connect({ host, port });
    socket.setNoDelay(true);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', (error) =>
        reject(
          new LeaseError(
            LeaseErrorCode.LEASE_BROKER_UNAVAILABLE,
            `cannot reach the lease broker: ${error.message}`,
            {
              host,
              port,
            },
          ),
        ),
      );
    });
    const client = new LeaseClient(socket);
    client.listen();
    await client.request('hello', () => writeLine(socket, { type: 'hello', secret, worker }));
    return client;
  }

  /** Waits in the broker's fair queue for a device, up to `timeoutMs`. */
  async acquire(timeoutMs: number, holder?: string): Promise<Lease> {
    const { leases } = await this.acquireSet({ count: 1, timeoutMs, holder });
    return leases[0]!;
  }

  /**
   * Waits for a set of `count` devices, granted all at once or not at all.
   * `with` names leases this worker already holds that belong to the set:
   * they count towards `count`, and the broker may lend them to another
   * worker's set while this request waits. Returns the new leases only, in
   * pool order, and whether a `with` device was lent meanwhile (another
   * worker drove it: whatever state the worker left on it is gone).
   */
  async acquireSet(request: {
    count: number;
    timeoutMs: number;
    holder?: string;
    with?: readonly Lease[];
    /** Withdraws the request when aborted (a test that timed out while waiting). */
    signal?: AbortSignal;
  }): Promise<GrantedSet> {
    const requestId = randomUUID();
    const { count, timeoutMs, holder, signal } = request;
    const own = (request.with ?? []).map((lease) => lease.leaseId);
    signal?.throwIfAborted();
    const onAbort = () => this.abandon(requestId, signal?.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const message = await this.request(requestId, () =>
        writeLine(this.socket, { type: 'acquire', requestId, timeoutMs, holder, count, with: own }),
      );
      if (message.type !== 'granted') {
        throw new LeaseError(LeaseErrorCode.LEASE_PROTOCOL_ERROR, `unexpected broker reply ${message.type}`);
      }
      return {
        leases: message.leases.map(({ leaseId, device }) => this.lease(leaseId, device)),
        ownLent: message.ownLent,
      };
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
  }

  /** Rejects a pending request now; the broker drops it, and any set it grants meanwhile goes back. */
  private abandon(requestId: string, reason: unknown): void {
    const pending = this.pending.get(requestId);
    if (!pending) return;
    this.pending.delete(requestId);
    this.abandoned.add(requestId);
    writeLine(this.socket, { type: 'cancel', requestId });
    pending.reject(
      new LeaseError(LeaseErrorCode.LEASE_CANCELLED, 'the request for devices was withdrawn', {
        reason: reason instanceof Error ? reason.message : String(reason),
      }),
    );
  }

  private lease(leaseId: string, device: DeviceDescriptor): Lease {
    let released = false;
    return {
      leaseId,
      device,
      hold: (next) => writeLine(this.socket, { type: 'hold', leaseId, holder: next }),
      release: async () => {
        if (released || this.closedError) return;
        released = true;
        await this.request(leaseId, () => writeLine(this.socket, { type: 'release', leaseId }));
      },
    };
  }

  close(): void {
    this.socket.destroy();
  }

  private listen(): void {
    readLines(
      this.socket,
      BrokerMessageSchema,
      (message) => this.dispatch(message),
      (reason) =>
        this.shutdown(new LeaseError(LeaseErrorCode.LEASE_PROTOCOL_ERROR, `bad broker message: ${reason}`)),
    );
    this.socket.on('error', () => this.socket.destroy());
    this.socket.on('close', () =>
      this.shutdown(
        new LeaseError(LeaseErrorCode.LEASE_BROKER_UNAVAILABLE, 'the lease broker closed the connection'),
      ),
    );
  }

  private dispatch(message: BrokerMessage): void {
    const key =
      message.type === 'welcome'
        ? 'hello'
        : message.type === 'granted'
          ? message.requestId
          : message.type === 'released'
            ? message.leaseId
            : (message.requestId ?? 'hello');
    const pending = this.pending.get(key);
    if (message.type === 'granted' && this.abandoned.delete(key)) {
      for (const { leaseId } of message.leases) writeLine(this.socket, { type: 'release', leaseId });
      return;
    }
    if (message.type === 'error' && message.requestId && this.abandoned.delete(message.requestId)) return;
    if (!pending) return;
    this.pending.delete(key);
    if (message.type === 'error') {
      pending.reject(
        new LeaseError(message.error.code as LeaseErrorCode, message.error.message, message.error.details),
      );
    } else pending.resolve(message);
  }

  private request(key: string, send: () => void): Promise<BrokerMessage> {
    if (this.closedError) return Promise.reject(this.closedError);
    return new Promise((resolve, reject) => {
      this.pending.set(key, { resolve, reject });
      send();
    });
  }

  private shutdown(error: LeaseError): void {
    this.closedError ??= error;
    for (const pending of this.pending.values()) pending.reject(error);
    this.pending.clear();
    this.socket.destroy();
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
