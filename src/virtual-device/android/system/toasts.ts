/**
 * Toasts: short-lived messages drawn at the bottom of the screen. They are
 * not part of the app window's accessibility tree (a real toast is its own
 * window and announces itself with an accessibility event), so the Operator
 * subscribes here the way it would listen for those events.
 */
import type { VirtualClock } from './clock.js';
import { Emitter } from './emitter.js';

export interface Toast {
  packageName: string;
  text: string;
  /** Elapsed realtime when shown. */
  shownAtMs: number;
  /** 2000 ms (LENGTH_SHORT) or 3500 ms (LENGTH_LONG). */
  durationMs: number;
}

export class ToastManager {
  private shown: Toast[] = [];
  private readonly events = new Emitter<Toast>();

  constructor(
    private readonly clock: VirtualClock,
    private readonly onChange: () => void,
  ) {}

  show(packageName: string, text: string, long = false): Toast {
    const toast = {
      packageName,
      text,
      shownAtMs: this.clock.elapsedRealtime(),
      durationMs: long ? 3500 : 2000,
    };
    this.shown.push(toast);
    this.events.emit(toast);
    this.onChange();
    this.clock.schedule(toast.durationMs, () => this.onChange());
    return toast;
  }

  /** `Toast.cancel()`: the toast leaves the screen now (it stays in the history). */
  cancel(toast: Toast): void {
    const elapsed = this.clock.elapsedRealtime() - toast.shownAtMs;
    if (elapsed >= toast.durationMs) return;
    toast.durationMs = Math.max(0, elapsed);
    this.onChange();
  }

  /** Toasts on screen now. */
  visible(): Toast[] {
    const now = this.clock.elapsedRealtime();
    return this.shown.filter((t) => now < t.shownAtMs + t.durationMs);
  }

  /** Every toast shown since the device started (or since `clear`). */
  history(): readonly Toast[] {
    return this.shown;
  }

  clear(): void {
    this.shown = [];
  }

  subscribe(fn: (toast: Toast) => void): () => void {
    return this.events.on(fn);
  }
}
