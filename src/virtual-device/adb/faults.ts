const aborted = (signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });

/**
 * Faults that a test injects into one device's adb traffic. They act on the
 * bytes services send, so the adbd transport and the host front end behave
 * the same. Taking a device offline lives on `AdbDevice`, because it changes
 * what the device list shows.
 */
export class DeviceFaults {
  private delayMs = 0;
  private corruptRemaining = 0;
  private killBudget: number | undefined;
  private stall: { promise: Promise<void>; release: () => void } | undefined;

  constructor(private readonly kill: () => void) {}

  /** Holds back every later output chunk by `ms` milliseconds (0 clears it). */
  delay(ms: number): void {
    this.delayMs = Math.max(0, ms);
  }

  /** Flips (XOR 0xff) the next `count` bytes that services send. */
  corrupt(count = 1): void {
    this.corruptRemaining += count;
  }

  /** Shell and exec output stops reaching the client until `resumeShells()`; nothing is lost. */
  stallShells(): void {
    if (this.stall) return;
    let release = () => {};
    const promise = new Promise<void>((resolve) => {
      release = resolve;
    });
    this.stall = { promise, release };
  }

  resumeShells(): void {
    this.stall?.release();
    this.stall = undefined;
  }

  /**
   * Drops every connection serving this device, now or, with `afterBytes`,
   * once services have sent that many more bytes (a cut in the middle of a stream).
   */
  killConnections(options: { afterBytes?: number } = {}): void {
    if (options.afterBytes === undefined) this.kill();
    else this.killBudget = options.afterBytes;
  }

  /** Clears every armed fault. */
  reset(): void {
    this.delayMs = 0;
    this.corruptRemaining = 0;
    this.killBudget = undefined;
    this.resumeShells();
  }

  /** @internal Applies the faults to one output chunk; `killAfter` says where to cut the connection. */
  async apply(
    chunk: Buffer,
    isShell: boolean,
    signal: AbortSignal,
  ): Promise<{ chunk: Buffer; killAfter?: number }> {
    if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    // A stalled stream whose client leaves stops waiting, so nothing stays pending forever.
    if (isShell && this.stall) await Promise.race([this.stall.promise, aborted(signal)]);
    let out = chunk;
    if (this.corruptRemaining > 0 && chunk.length > 0) {
      out = Buffer.from(chunk);
      const count = Math.min(this.corruptRemaining, out.length);
      for (let i = 0; i < count; i++) out[i] ^= 0xff;
      this.corruptRemaining -= count;
    }
    if (this.killBudget === undefined) return { chunk: out };
    if (out.length < this.killBudget) {
      this.killBudget -= out.length;
      return { chunk: out };
    }
    const killAfter = this.killBudget;
    this.killBudget = undefined;
    return { chunk: out, killAfter };
  }
}
