/**
 * The per-device execution timeline: every execution with its payload,
 * envelope (when one arrived), error, timings and dispatch state, and the
 * steps that made them (each public `device.*` call and each matcher, with
 * the test line that called it). The evidence and environment parts read it
 * with `mark()` / `since(mark)` / `stepsSince(mark)` and may `subscribe` to
 * new entries.
 *
 * The step in progress travels with the async context, so an execution is
 * attributed to the call that caused it even when calls overlap. A call made
 * inside a matcher (its polls) does not open a step of its own: the matcher's
 * step counts them.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { type CallSite, type CallSiteCapture, resolveCallSite } from './call-site.js';
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
  /** The step that made this execution, when one was open. */
  stepId?: number;
}

/** What opens a step. */
export interface StepInit {
  kind: 'action' | 'matcher';
  /** `click {"textEquals":"Wi-Fi"}`, `expect(device).toShowNode(...)`. */
  title: string;
  /** Whether the step may change the screen (drives the trace's before/after screens). */
  mutating: boolean;
  /** The stack at the public boundary, resolved to a file:line only when the trace is read. */
  callSite?: CallSiteCapture;
}

export interface TimelineStep {
  /** From 1, in the order steps opened. */
  id: number;
  parentId: number | null;
  kind: StepInit['kind'];
  title: string;
  mutating: boolean;
  startedAt: number;
  /** Absent while the step runs. */
  finishedAt?: number;
  outcome: 'running' | 'passed' | 'failed';
  /** The error or failure message of a failed step. */
  error?: string;
  /** A matcher's number of checks (its folded polls). */
  polls?: number;
}

/** A step as a trace shows it, its call site resolved. */
export interface ResolvedStep extends TimelineStep {
  callSite: CallSite | null;
}

/** Lets the code inside a step set what only it knows. */
export interface StepHandle {
  readonly id: number;
  /** Marks the step failed without throwing (a matcher's verdict). */
  fail(message: string): void;
  setPolls(count: number): void;
}

/** An opaque position in the timeline. */
export type TimelineMark = number;

export interface TimelineObserver {
  onStepStart?(step: TimelineStep): void | Promise<void>;
  onStepEnd?(step: TimelineStep): void;
  onEntry?(entry: TimelineEntry): void;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export class Timeline {
  private readonly entries: TimelineEntry[] = [];
  private readonly steps: { step: TimelineStep; callSite?: CallSiteCapture }[] = [];
  private readonly observers = new Set<TimelineObserver>();
  private readonly current = new AsyncLocalStorage<TimelineStep>();
  private seq = 0;
  private stepSeq = 0;

  constructor(private readonly capacity = 1000) {}

  append(entry: Omit<TimelineEntry, 'seq' | 'stepId'>): TimelineEntry {
    const stepId = this.current.getStore()?.id;
    const full: TimelineEntry = { ...entry, seq: ++this.seq, ...(stepId ? { stepId } : {}) };
    this.entries.push(full);
    if (this.entries.length > this.capacity) this.entries.shift();
    for (const observer of this.observers) observer.onEntry?.(full);
    return full;
  }

  /**
   * Runs `work` as one step. Inside a matcher's step it runs as part of that
   * step (a poll); otherwise the step nests under the one in progress, if any.
   */
  async step<T>(init: StepInit, work: (handle: StepHandle) => Promise<T>): Promise<T> {
    const parent = this.current.getStore();
    if (parent?.kind === 'matcher') return work(inertHandle(parent.id));
    const step: TimelineStep = {
      id: ++this.stepSeq,
      parentId: parent?.id ?? null,
      kind: init.kind,
      title: init.title,
      mutating: init.mutating,
      startedAt: Date.now(),
      outcome: 'running',
    };
    this.steps.push({ step, callSite: init.callSite });
    if (this.steps.length > this.capacity) this.steps.shift();
    for (const observer of this.observers) await observer.onStepStart?.(step);
    // Time spent by observers (a trace's "before" screen) is not the step's.
    step.startedAt = Date.now();
    const handle: StepHandle = {
      id: step.id,
      fail: (message) => {
        step.outcome = 'failed';
        step.error = message;
      },
      setPolls: (count) => {
        step.polls = count;
      },
    };
    try {
      const result = await this.current.run(step, () => work(handle));
      if (step.outcome === 'running') step.outcome = 'passed';
      return result;
    } catch (error) {
      step.outcome = 'failed';
      step.error ??= messageOf(error);
      throw error;
    } finally {
      step.finishedAt = Date.now();
      for (const observer of this.observers) observer.onStepEnd?.(step);
    }
  }

  /** The current position; entries and steps started later are returned by `since` / `stepsSince`. */
  mark(): TimelineMark {
    return this.seq;
  }

  since(mark: TimelineMark = 0): TimelineEntry[] {
    return this.entries.filter((entry) => entry.seq > mark);
  }

  /** Steps opened at or after `sinceMs`, with their call sites resolved (the one costly part, paid here). */
  stepsSince(sinceMs: number): ResolvedStep[] {
    return this.steps
      .filter(({ step }) => step.startedAt >= sinceMs)
      .map(({ step, callSite }) => ({ ...step, callSite: resolveCallSite(callSite) }));
  }

  subscribe(listener: (entry: TimelineEntry) => void): () => void {
    return this.observe({ onEntry: listener });
  }

  observe(observer: TimelineObserver): () => void {
    this.observers.add(observer);
    return () => this.observers.delete(observer);
  }
}

function inertHandle(id: number): StepHandle {
  return { id, fail: () => undefined, setPolls: () => undefined };
}
