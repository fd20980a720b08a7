/**
 * `trace.json`: a test attempt's steps (each `device.*` call and each matcher,
 * with the test line that made it, its duration and outcome) and the screens
 * around them, which sit beside it as `trace-screen-<n>.png` and
 * `trace-hierarchy-<n>.xml` (numbered within the attempt). The writer is
 * `trace-writer.ts`; the report reads it back through `TraceFileSchema`.
 */
import { z } from 'zod';

/** What `evidence.trace` asks for; see docs/evidence.md "Traces". */
export const TraceModeSchema = z.enum(['off', 'on-failure', 'retain-on-first-retry', 'on']);
export type TraceMode = z.infer<typeof TraceModeSchema>;

/** Whether an attempt records its steps' screens at all. */
export function traceRecords(mode: TraceMode, attempt: number): boolean {
  if (mode === 'off') return false;
  return mode === 'retain-on-first-retry' ? attempt === 2 : true;
}

/** Whether an attempt that ended with `verdict` keeps (writes) its trace. */
export function traceRetained(mode: TraceMode, attempt: number, verdict: 'passed' | 'failed'): boolean {
  if (!traceRecords(mode, attempt)) return false;
  return mode === 'on-failure' ? verdict === 'failed' : true;
}

export const CallSiteSchema = z.object({
  file: z.string(),
  line: z.number().int().positive(),
  column: z.number().int().nonnegative(),
});

export const TraceStepSchema = z.object({
  id: z.number().int().positive(),
  parentId: z.number().int().positive().nullable(),
  kind: z.enum(['action', 'matcher']),
  title: z.string(),
  mutating: z.boolean(),
  /** Host ms since epoch. */
  startedAt: z.number(),
  finishedAt: z.number().nullable(),
  outcome: z.enum(['running', 'passed', 'failed']),
  error: z.string().optional(),
  /** A matcher's number of checks. */
  polls: z.number().int().nonnegative().optional(),
  callSite: CallSiteSchema.nullable(),
});
export type TraceStep = z.infer<typeof TraceStepSchema>;

export const TraceScreenRefSchema = z.object({
  id: z.number().int().positive(),
  stepId: z.number().int().positive(),
  phase: z.enum(['before', 'after']),
  at: z.number(),
  /** Bundle-relative PNG path. */
  file: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /** The device screen's size: the hierarchy's coordinate space. */
  sourceWidth: z.number().int().positive(),
  sourceHeight: z.number().int().positive(),
});
export type TraceScreenRef = z.infer<typeof TraceScreenRefSchema>;

export const TraceHierarchyRefSchema = z.object({
  stepId: z.number().int().positive(),
  at: z.number(),
  file: z.string(),
});

export const TraceFileSchema = z.object({
  schemaVersion: z.literal(1),
  mode: TraceModeSchema,
  /** Start of the attempt (ms since epoch). */
  since: z.number(),
  steps: z.array(TraceStepSchema),
  screens: z.array(TraceScreenRefSchema),
  hierarchies: z.array(TraceHierarchyRefSchema),
});
export type TraceFile = z.infer<typeof TraceFileSchema>;

/** A remembered screen as captured: `width`×`height` is the device screen (the hierarchy's space). */
export type CapturedScreen = Pick<TraceScreenRef, 'id' | 'stepId' | 'phase' | 'at' | 'width' | 'height'> & {
  png: Uint8Array;
};

/** What an evidence source hands the writer: steps, and the remembered screens and hierarchies in memory. */
export interface TraceCapture {
  mode: TraceMode;
  steps: readonly TraceStep[];
  screens: readonly CapturedScreen[];
  hierarchies: readonly { stepId: number; at: number; xml: string }[];
}

/** Width of a written trace screen in pixels (a filmstrip frame, enlarged in the inspector). */
export const TRACE_SCREEN_WIDTH = 360;
