/**
 * The trace's screens, kept in memory while a test runs so that only a failing
 * test writes them: after every mutating step (a top-level `device.*` call that
 * may change the screen) a screenshot is taken over adb, and the one before
 * the attempt's first mutating step is taken before it runs. The hierarchy a
 * step observed (a matcher's polls are snapshots) is kept as the device sent
 * it: it costs no extra device work. Both live in bounded rings (screens by
 * count and bytes); nothing is captured while the recorder is off.
 *
 * Screens are kept as captured and downscaled only when a trace is written:
 * downscaling a 1080x2400 PNG costs ~30 ms of CPU, which a passing test would
 * pay for every step (bench/trace.ts), against ~260 KiB of memory per screen.
 *
 * A mutating step waits for the previous step's "after" capture, so each
 * screen shows the state between two steps and never a later one.
 */
import type { Timeline, TimelineEntry, TimelineObserver, TimelineStep } from './timeline.js';

/** One remembered screen: a PNG of the display as captured. */
export interface TraceScreen {
  /** From 1, in capture order. */
  id: number;
  /** The step it was taken for and whether before or after it ran. */
  stepId: number;
  phase: 'before' | 'after';
  /** Host ms since epoch when the capture started. */
  at: number;
  png: Uint8Array;
  /** The screen's size in pixels, the coordinate space of the hierarchy. */
  width: number;
  height: number;
}

/** The last hierarchy a step observed, as raw XML. */
export interface TraceHierarchy {
  stepId: number;
  at: number;
  xml: string;
}

export interface TraceRecorderOptions {
  /** Screens kept; older ones are dropped first. */
  maxScreens?: number;
  /** Bytes of screens kept; older ones are dropped first. */
  maxScreenBytes?: number;
  /** Hierarchies kept (one per step at most). */
  maxHierarchies?: number;
}

type Capture = () => Promise<{ png: Uint8Array; width: number; height: number }>;

function snapshotXmlOf(entry: TimelineEntry): string | undefined {
  for (const step of entry.envelope?.stepResults ?? []) {
    const text = step.data?.text;
    if (step.actionType === 'snapshot' && step.success && typeof text === 'string') return text;
  }
  return undefined;
}

export class TraceRecorder {
  private enabled = false;
  private needsBefore = true;
  private pending: Promise<void> = Promise.resolve();
  private screenSeq = 0;
  private readonly screens: TraceScreen[] = [];
  private readonly hierarchies: TraceHierarchy[] = [];
  private readonly maxScreens: number;
  private readonly maxScreenBytes: number;
  private readonly maxHierarchies: number;
  private screenBytes = 0;

  constructor(
    timeline: Timeline,
    private readonly capture: Capture,
    options: TraceRecorderOptions = {},
  ) {
    this.maxScreens = options.maxScreens ?? 40;
    this.maxScreenBytes = options.maxScreenBytes ?? 64 * 1024 * 1024;
    this.maxHierarchies = options.maxHierarchies ?? 40;
    const observer: TimelineObserver = {
      onStepStart: (step) => this.beforeStep(step),
      onStepEnd: (step) => this.afterStep(step),
      onEntry: (entry) => this.noteHierarchy(entry),
    };
    timeline.observe(observer);
  }

  get recording(): boolean {
    return this.enabled;
  }

  /** Starts (or, with false, stops) recording for a new test attempt. */
  begin(record: boolean): void {
    this.enabled = record;
    this.needsBefore = true;
  }

  /** Waits for a capture still in flight, so a trace read next is complete. */
  async settled(): Promise<void> {
    await this.pending;
  }

  screensSince(sinceMs: number): TraceScreen[] {
    return this.screens.filter((s) => s.at >= sinceMs);
  }

  hierarchiesSince(sinceMs: number): TraceHierarchy[] {
    return this.hierarchies.filter((h) => h.at >= sinceMs);
  }

  private tracked(step: TimelineStep): boolean {
    return this.enabled && step.mutating && step.parentId === null;
  }

  private async beforeStep(step: TimelineStep): Promise<void> {
    if (!this.tracked(step)) return;
    await this.pending;
    if (this.needsBefore) {
      this.needsBefore = false;
      await this.take(step.id, 'before');
    }
  }

  private afterStep(step: TimelineStep): void {
    if (!this.tracked(step)) return;
    this.pending = this.pending.then(() => this.take(step.id, 'after'));
  }

  private noteHierarchy(entry: TimelineEntry): void {
    if (!this.enabled || entry.stepId === undefined) return;
    const xml = snapshotXmlOf(entry);
    if (xml === undefined) return;
    const last = this.hierarchies.at(-1);
    if (last?.stepId === entry.stepId) this.hierarchies.pop();
    this.hierarchies.push({ stepId: entry.stepId, at: entry.finishedAt, xml });
    if (this.hierarchies.length > this.maxHierarchies) this.hierarchies.shift();
  }

  /** A failed capture leaves a gap in the filmstrip; it never fails the step. */
  private async take(stepId: number, phase: TraceScreen['phase']): Promise<void> {
    const at = Date.now();
    try {
      const { png, width, height } = await this.capture();
      this.screens.push({ id: ++this.screenSeq, stepId, phase, at, png, width, height });
      this.screenBytes += png.byteLength;
      while (
        this.screens.length > this.maxScreens ||
        (this.screenBytes > this.maxScreenBytes && this.screens.length > 1)
      ) {
        this.screenBytes -= this.screens.shift()!.png.byteLength;
      }
    } catch {
      // Nothing to keep.
    }
  }
}
