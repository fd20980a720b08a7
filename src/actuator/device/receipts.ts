/**
 * Typed view of a step's string-valued `data` (seed 003 "Action receipts"):
 * JSON fields parsed, decimal fields as numbers, `"true"`/`"false"` as booleans
 * and any other value as `null` (unknown, never false). The raw map stays available.
 */
import type { StepResult } from '../execution/envelope.js';
import { stringBool } from '../execution/string-bool.js';

export interface StepReceipt {
  /** NodeSummary of the node the action dispatched to. */
  target?: unknown;
  /** Originally selected NodeSummary when the dispatch went to an ancestor or a coordinate. */
  matchedTarget?: unknown;
  coordinate?: { x: number; y: number };
  candidateCount?: number;
  dispatchMethod?: string;
  /** `true`/`false` as reported; `null` when present but neither; absent when not reported. */
  dispatchAccepted?: boolean | null;
  elapsedMs?: number;
  scrollsExecuted?: number;
  selectionWarning?: string;
  /** The untouched string map. */
  data: StepResult['data'];
}

function json(value: unknown): unknown {
  if (typeof value !== 'string') return undefined;
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

function decimal(value: unknown): number | undefined {
  return typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : undefined;
}

export function decodeReceipt(step: StepResult): StepReceipt {
  const d = step.data;
  const receipt: StepReceipt = { data: d };
  if (d.target !== undefined) receipt.target = json(d.target);
  if (d.matched_target !== undefined) receipt.matchedTarget = json(d.matched_target);
  const coordinate = json(d.coordinate) as { x?: unknown; y?: unknown } | undefined;
  if (typeof coordinate?.x === 'number' && typeof coordinate.y === 'number') {
    receipt.coordinate = { x: coordinate.x, y: coordinate.y };
  }
  receipt.candidateCount = decimal(d.candidate_count);
  if (typeof d.dispatch_method === 'string') receipt.dispatchMethod = d.dispatch_method;
  if (d.dispatch_accepted !== undefined) receipt.dispatchAccepted = stringBool(d.dispatch_accepted);
  receipt.elapsedMs = decimal(d.elapsed_ms);
  receipt.scrollsExecuted = decimal(d.scrolls_executed);
  if (typeof d.selection_warning === 'string') receipt.selectionWarning = d.selection_warning;
  for (const key of Object.keys(receipt) as (keyof StepReceipt)[]) {
    if (receipt[key] === undefined) delete receipt[key];
  }
  return receipt;
}
