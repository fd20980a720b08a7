/**
 * The device's elapsed-realtime clock (`SystemClock.elapsedRealtime()`).
 *
 * Real time by default; `setManual()` freezes it so tests move time with
 * `advance(ms)`. Timers (what test apps use for timed changes, what the media
 * player uses for its report schedule) live in one queue ordered by due time,
 * so switching modes keeps pending timers: in real mode a single host timer is
 * armed for the earliest one, in manual mode `advance` fires them in order.
 */

export interface TimerHandle {
  cancel(): void;
}

export type ClockMode = 'real' | 'manual';

export interface ClockOptions {
  /** `manual` starts frozen. Default `real`. */
  mode?: ClockMode;
  /** Elapsed realtime at creation, ms. Default 60 000 (one minute after boot). */
  elapsedAtStartMs?: number;
  /** Wall-clock epoch ms at creation. Default `Date.now()`. */
  wallAtStartMs?: number;
}

interface Timer {
  due: number;
  seq: number;
  fn: () => void;
  cancelled: boolean;
}

export class VirtualClock {
  private modeValue: ClockMode;
  /** Elapsed value at `hostBase` (real mode) or the frozen value (manual mode). */
  private base: number;
  private hostBase = performance.now();
  private readonly wallOffset: number;
  private timers: Timer[] = [];
  private seq = 0;
  private hostTimer: NodeJS.Timeout | undefined;

  constructor(options: ClockOptions = {}) {
    this.modeValue = options.mode ?? 'real';
    this.base = options.elapsedAtStartMs ?? 60_000;
    this.wallOffset = (options.wallAtStartMs ?? Date.now()) - this.base;
  }

  get mode(): ClockMode {
    return this.modeValue;
  }

  /** Milliseconds since the (simulated) boot, like `SystemClock.elapsedRealtime()`. */
  elapsedRealtime(): number {
    return this.modeValue === 'real' ? this.base + (performance.now() - this.hostBase) : this.base;
  }

  /** Wall-clock epoch milliseconds consistent with elapsed realtime (`System.currentTimeMillis()`). */
  wallTime(): number {
    return Math.floor(this.wallOffset + this.elapsedRealtime());
  }

  /** Freezes the clock; time now moves only with `advance`. */
  setManual(): void {
    if (this.modeValue === 'manual') return;
    this.base = this.elapsedRealtime();
    this.modeValue = 'manual';
    this.disarm();
  }

  /** Lets the clock run with host time again from its current value. */
  setReal(): void {
    if (this.modeValue === 'real') return;
    this.hostBase = performance.now();
    this.modeValue = 'real';
    this.arm();
  }

  /** Manual mode: moves time forward, firing due timers in order (each sees its own due time). */
  advance(ms: number): void {
    if (this.modeValue !== 'manual') this.setManual();
    const target = this.base + Math.max(0, ms);
    for (let next = this.nextTimer(); next && next.due <= target; next = this.nextTimer()) {
      this.base = Math.max(this.base, next.due);
      this.fire(next);
    }
    this.base = target;
  }

  /** Runs `fn` once `delayMs` of elapsed realtime has passed. */
  schedule(delayMs: number, fn: () => void): TimerHandle {
    const timer: Timer = {
      due: this.elapsedRealtime() + Math.max(0, delayMs),
      seq: this.seq++,
      fn,
      cancelled: false,
    };
    this.timers.push(timer);
    this.timers.sort((a, b) => a.due - b.due || a.seq - b.seq);
    if (this.modeValue === 'real') this.arm();
    return {
      cancel: () => {
        timer.cancelled = true;
        this.timers = this.timers.filter((t) => t !== timer);
      },
    };
  }

  /** Resolves after `delayMs` of elapsed realtime; rejects with the signal's reason when aborted. */
  sleep(delayMs: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const onAbort = () => {
        handle.cancel();
        reject(signal?.reason);
      };
      const handle = this.schedule(delayMs, () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      });
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** Number of timers still waiting (for tests and for `dispose` checks). */
  get pendingTimers(): number {
    return this.timers.length;
  }

  /** Cancels every timer and the host timer; the device is being thrown away. */
  dispose(): void {
    this.timers = [];
    this.disarm();
  }

  private nextTimer(): Timer | undefined {
    return this.timers[0];
  }

  private fire(timer: Timer): void {
    this.timers.shift();
    if (!timer.cancelled) timer.fn();
  }

  private disarm(): void {
    if (this.hostTimer) clearTimeout(this.hostTimer);
    this.hostTimer = undefined;
  }

  private arm(): void {
    this.disarm();
    const next = this.nextTimer();
    if (!next) return;
    const wait = Math.max(0, next.due - this.elapsedRealtime());
    this.hostTimer = setTimeout(() => this.runDue(), Math.ceil(wait));
    // Pending device timers must not keep a test process alive.
    this.hostTimer.unref();
  }

  private runDue(): void {
    this.hostTimer = undefined;
    const now = this.elapsedRealtime();
    for (let next = this.nextTimer(); next && next.due <= now; next = this.nextTimer()) this.fire(next);
    if (this.modeValue === 'real') this.arm();
  }
}
