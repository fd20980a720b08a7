/**
 * Dispatch receipts (seed 003:1738-1786): every mutation records how it was
 * dispatched and whether Android accepted it, as strings, in the step data.
 * Recording goes through the context's `evidence` first so that a command
 * timeout after dispatch still reports it.
 */
import type { ActionContext } from './context.js';
import type { StepData } from './envelope.js';
import type { Gesture, GestureOutcome } from './platform.js';

export type DispatchMethod = 'accessibility_action' | 'coordinate_gesture' | 'none';

/** Records the dispatch method and acceptance in the running step's evidence. */
export function noteDispatch(ctx: ActionContext, method: DispatchMethod, accepted: boolean): void {
  ctx.evidence.dispatch_method = method;
  ctx.evidence.dispatch_accepted = String(accepted);
}

/**
 * Dispatches a coordinate gesture, recording the receipt as soon as Android
 * accepts it, so a command timeout during the gesture keeps the dispatch
 * evidence (seed 003:2193-2196).
 */
export async function dispatchGesture(ctx: ActionContext, gesture: Gesture): Promise<GestureOutcome> {
  const outcome = await ctx.platform.gesture(gesture, ctx.signal, () =>
    noteDispatch(ctx, 'coordinate_gesture', true),
  );
  if (outcome === 'rejected') noteDispatch(ctx, 'coordinate_gesture', false);
  return outcome;
}

/** Base-10 elapsed milliseconds since the step started (device monotonic clock). */
export function elapsedMs(ctx: ActionContext): string {
  return String(Math.max(0, Math.round(ctx.platform.now() - ctx.startedAt)));
}

/**
 * The receipt fields as they stand now: the evidence gathered so far (or
 * `none`/`false` before any dispatch) plus `elapsed_ms`.
 */
export function receipt(ctx: ActionContext): StepData {
  return {
    ...ctx.evidence,
    dispatch_method: ctx.evidence.dispatch_method ?? 'none',
    dispatch_accepted: ctx.evidence.dispatch_accepted ?? 'false',
    elapsed_ms: elapsedMs(ctx),
  };
}

/** Serialized coordinate object `{"x":1,"y":2}` (003:1758-1760). */
export function pointJson(point: { x: number; y: number }): string {
  return JSON.stringify({ x: point.x, y: point.y });
}
