/**
 * An in-order queue of bytes pushed by a transport and pulled by a service,
 * either as exact-length reads (sync, install) or as chunks (shell stdin).
 */
export class ByteQueue implements AsyncIterable<Buffer> {
  private chunks: Buffer[] = [];
  private size = 0;
  private ended = false;
  private waiters: (() => void)[] = [];

  push(chunk: Buffer): void {
    if (this.ended || chunk.length === 0) return;
    this.chunks.push(chunk);
    this.size += chunk.length;
    this.notify();
  }

  /** No more bytes will come; pending and later reads see the end. */
  end(): void {
    this.ended = true;
    this.notify();
  }

  get isEnded(): boolean {
    return this.ended && this.size === 0;
  }

  /** Exactly `length` bytes, or undefined when the input ends first. */
  async read(length: number): Promise<Buffer | undefined> {
    while (this.size < length) {
      if (this.ended) return undefined;
      await this.waitForMore();
    }
    return this.take(length);
  }

  /** Whatever is buffered (waiting for at least one byte), or undefined at the end. */
  async readSome(): Promise<Buffer | undefined> {
    while (this.size === 0) {
      if (this.ended) return undefined;
      await this.waitForMore();
    }
    return this.take(this.size);
  }

  async *[Symbol.asyncIterator](): AsyncIterator<Buffer> {
    for (let chunk = await this.readSome(); chunk; chunk = await this.readSome()) yield chunk;
  }

  private take(length: number): Buffer {
    const parts: Buffer[] = [];
    let needed = length;
    while (needed > 0) {
      const head = this.chunks[0];
      if (head.length <= needed) {
        parts.push(head);
        this.chunks.shift();
        needed -= head.length;
      } else {
        parts.push(head.subarray(0, needed));
        this.chunks[0] = head.subarray(needed);
        needed = 0;
      }
    }
    this.size -= length;
    return parts.length === 1 ? parts[0] : Buffer.concat(parts);
  }

  private waitForMore(): Promise<void> {
    return new Promise((resolve) => {
      this.waiters.push(resolve);
    });
  }

  private notify(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }
}
