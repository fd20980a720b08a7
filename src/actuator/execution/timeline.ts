/**
 * The per-device execution timeline: every execution with its payload,
 * envelope (when one arrived), error, timings and dispatch state. The evidence
 * and environment parts read it with `mark()` / `since(mark)` and may
 * `subscribe` to new entries.
 */

import type { ResultEnvelope } from './envelope.js';
import type { DispatchState } from './errors.js';

export interface TimelineEntry {
  /** Position in this device's timeline, from 1. */
  seq: number;
  commandId: string;
  /** The payload as dispatched (after validation and normalization), or as given when validation failed. */
  payload: unknown;
  envelope?: ResultEnvelope;
  error?: { code: string; message: string; details: Record<string, unknown> };
  dispatchState: DispatchState;
  /** Host wall-clock ms since epoch. */
  startedAt: number;
  dispatchedAt?: number;
  resultAt?: number;
  finishedAt: number;
  durationMs: number;
}

/** An opaque position in the timeline. */
export type TimelineMark = number;

export class Timeline {
  private readonly entries: TimelineEntry[] = [];
  private readonly listeners = new Set<(entry: TimelineEntry) => void>();
  private seq = 0;

  constructor(private readonly capacity = 1000) {}

  append(entry: Omit<TimelineEntry, 'seq'>): TimelineEntry {
    const full: TimelineEntry = { ...entry, seq: ++this.seq };
    this.entries.push(full);
    if (this.entries.length > this.capacity) this.entries.shift();
    for (const listener of this.listeners) listener(full);
    return full;
  }

  /** The current position; entries appended later are returned by `since(mark)`. */
  mark(): TimelineMark {
    return this.seq;
  }

  since(mark: TimelineMark = 0): TimelineEntry[] {
    return this.entries.filter((entry) => entry.seq > mark);
  }

  subscribe(listener: (entry: TimelineEntry) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
