/**
 * The narrow port evidence capture reads a device through. The actuator's
 * `Device` is adapted to it in `device-source.ts`; tests and the benchmark use
 * in-memory sources.
 */
import type { DeviceMetadata } from './manifest.js';
import type { TraceCapture } from './trace.js';

/** A raw hierarchy capture: the XML unchanged, plus the Operator's result for `captures.json`. */
export interface HierarchyCapture {
  xml: string;
  commandId?: string | null;
  taskId?: string | null;
  /** The Operator's result (canonical envelope and step data) as received. */
  result?: unknown;
}

/** One execution of the test, as the actuator's timeline records it. */
export interface TimelineEntry {
  commandId?: string | null;
  startedAtMs: number;
  finishedAtMs?: number | null;
  payload: unknown;
  envelope?: unknown;
  dispatchState?: string | null;
  error?: { code: string; message: string } | null;
  /** The trace step (`trace.json`) that made it. */
  stepId?: number | null;
}

export interface EvidenceSource {
  /** PNG bytes of the current screen (`screencap -p`). */
  screenshot(): Promise<Uint8Array>;
  /** The raw UI Automator hierarchy XML. */
  hierarchy(): Promise<HierarchyCapture>;
  /** Device metadata; fields it cannot read are null. */
  metadata(): Promise<Partial<DeviceMetadata>>;
  /** Executions that started at or after `sinceMs`. */
  timeline?(sinceMs: number): Promise<readonly TimelineEntry[]> | readonly TimelineEntry[];
  /** Logcat lines (threadtime format) logged at or after `sinceMs`. */
  logcat?(sinceMs: number): Promise<string>;
  /**
   * The attempt's steps since `sinceMs` and the screens and hierarchies remembered for them;
   * undefined when the device recorded none.
   */
  trace?(sinceMs: number): Promise<Omit<TraceCapture, 'mode'> | undefined>;
  /** Process ids of an installed app, to put its logcat lines first. */
  processIds?(applicationId: string): Promise<readonly number[]>;
}
