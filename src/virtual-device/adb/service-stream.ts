import { joinBytes } from '../bytes.js';
import { ByteQueue } from './byte-queue.js';
import type { DeviceFaults } from './faults.js';

/** How a front end carries one service's output: adbd WRTE messages, or a host socket. */
export interface StreamSink {
  /** Resolves once the peer may receive more (adbd: the WRTE was acknowledged). */
  send(chunk: Buffer): Promise<void>;
  /** Closes the stream from the device side. */
  end(): void;
  /** Drops the whole connection the stream runs on (fault injection). */
  kill(): void;
}

/**
 * One open device service, independent of the front end that carries it:
 * input bytes from the client, ordered output with backpressure, and a
 * signal that fires when the client goes away.
 */
export class ServiceStream {
  private readonly aborter = new AbortController();
  private tail: Promise<void> = Promise.resolve();
  /**
   * Output written while a packet is in flight (or earlier in the same tick);
   * sent as one packet when the peer is ready. Text stays text until then, so
   * a burst of lines costs one encoding, not one per line.
   */
  private pending: (Buffer | string)[] = [];
  private pumping = false;
  private ended = false;

  constructor(
    private readonly sink: StreamSink,
    private readonly faults: DeviceFaults,
    /** Shell-like output (shell, exec) is what `stallShells()` holds back. */
    private readonly isShell: boolean,
    /** Bytes from the client; the host front end hands over the bytes already buffered on its socket. */
    readonly input: ByteQueue = new ByteQueue(),
  ) {}

  get signal(): AbortSignal {
    return this.aborter.signal;
  }

  /**
   * Queues output; resolves when it has been handed to the client. Writes made
   * in the same tick, or while a packet awaits its acknowledgement, are
   * coalesced, as a real adbd does, so many small lines (logcat) cost one
   * round trip, not one each.
   */
  write(data: Buffer | string): Promise<void> {
    if (data.length === 0) return this.tail;
    this.pending.push(data);
    if (!this.pumping) this.tail = this.pump();
    return this.tail;
  }

  private async pump(): Promise<void> {
    this.pumping = true;
    try {
      // Let the rest of a synchronous burst (a result's chunk lines) join the first packet.
      await undefined;
      while (this.pending.length > 0 && !this.ended) {
        const batch = joinOutput(this.pending);
        this.pending = [];
        await this.deliver(batch);
      }
    } finally {
      this.pumping = false;
    }
  }

  /** Closes the stream once queued output is out. */
  async close(): Promise<void> {
    await this.tail;
    if (this.ended) return;
    this.ended = true;
    this.input.end();
    this.sink.end();
  }

  /** The client closed the stream or the connection dropped. */
  remoteClosed(): void {
    this.ended = true;
    this.input.end();
    this.aborter.abort();
  }

  private async deliver(chunk: Buffer): Promise<void> {
    if (this.ended) return;
    try {
      const { chunk: out, killAfter } = await this.faults.apply(chunk, this.isShell, this.signal);
      if (this.ended) return;
      if (killAfter === undefined) {
        await this.sink.send(out);
        return;
      }
      if (killAfter > 0) await this.sink.send(out.subarray(0, killAfter));
      this.sink.kill();
    } catch {
      // The connection went away under us: the stream is over either way.
    }
    this.remoteClosed();
  }
}

/** One buffer for queued output: a lone buffer as is, else the parts written in place (no joined copy). */
function joinOutput(parts: (Buffer | string)[]): Buffer {
  if (parts.length === 1 && typeof parts[0] !== 'string') return parts[0];
  return joinBytes(parts);
}
