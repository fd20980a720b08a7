/**
 * The device's log buffer: a ring of entries, live subscribers, and fault
 * switches that act between the writer and the readers (drop lines, delay
 * lines, pause delivery), the way a lossy or stalled logcat looks to a host.
 */
import type { VirtualClock } from '../system/clock.js';
import type { LogEntry, LogPriority } from './entry.js';
import { truncateMessage } from './format.js';

export interface LogcatFaults {
  /** Entries for which this returns true are lost (never stored, never streamed). */
  drop?: (entry: LogEntry) => boolean;
  /** Each entry reaches the buffer and the readers this long after it was written (host ms). */
  delayMs?: number;
  /** While paused, entries are held back and delivered in order on resume. */
  paused?: boolean;
}

export interface LogWrite {
  tag: string;
  message: string;
  priority?: LogPriority;
  pid?: number;
  tid?: number;
  /** Wall-clock time of the entry (default now); the boot log is written after the fact. */
  timeMs?: number;
}

/** Entries kept beyond the capacity before a trim (never visible: `dump()` shows `capacity`). */
const TRIM_SLACK = 1024;

export class LogcatBuffer {
  private entries: LogEntry[] = [];
  private readonly subscribers = new Set<(entry: LogEntry) => void>();
  private held: LogEntry[] = [];
  private faultsValue: LogcatFaults = {};

  constructor(
    private readonly clock: VirtualClock,
    /** Ring capacity in entries. */
    private readonly capacity = 20_000,
    /** pid of entries written without one (system_server). */
    private readonly defaultPid = 1000,
  ) {}

  /**
   * Appends an entry (subject to the faults) and returns it. A multi-line
   * message stays one entry; a message over liblog's payload limit is cut, as
   * on a device (why long results travel as chunks).
   */
  write(line: LogWrite): LogEntry {
    const pid = line.pid ?? this.defaultPid;
    const entry: LogEntry = {
      timeMs: line.timeMs ?? this.clock.wallTime(),
      pid,
      tid: line.tid ?? pid,
      priority: line.priority ?? 'I',
      tag: line.tag,
      message: truncateMessage(line.tag, line.message),
    };
    const { drop, delayMs, paused } = this.faultsValue;
    if (drop?.(entry)) return entry;
    if (paused) this.held.push(entry);
    else if (delayMs) setTimeout(() => this.deliver(entry), delayMs);
    else this.deliver(entry);
    return entry;
  }

  /** Current contents (the newest `capacity` entries), oldest first. */
  dump(): LogEntry[] {
    return this.entries.slice(-this.capacity);
  }

  /** `logcat -c`. */
  clear(): void {
    this.entries = [];
  }

  /** Live entries from now on; returns the unsubscribe function. */
  subscribe(fn: (entry: LogEntry) => void): () => void {
    this.subscribers.add(fn);
    return () => this.subscribers.delete(fn);
  }

  get faults(): LogcatFaults {
    return this.faultsValue;
  }

  /** Replaces the fault switches; lifting a pause delivers the held entries. */
  setFaults(faults: LogcatFaults): void {
    this.faultsValue = { ...faults };
    if (!faults.paused) {
      const held = this.held;
      this.held = [];
      for (const entry of held) this.deliver(entry);
    }
  }

  private deliver(entry: LogEntry): void {
    this.entries.push(entry);
    // Trim in batches: cutting one entry per write would move the whole ring each time.
    if (this.entries.length >= this.capacity + TRIM_SLACK)
      this.entries.splice(0, this.entries.length - this.capacity);
    for (const fn of [...this.subscribers]) fn(entry);
  }
}
