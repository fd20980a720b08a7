/**
 * `swipe` and `drag` (seed 003:2143-2272): one straight one-finger gesture
 * between two display coordinates, checked against the display before
 * dispatch, never replayed.
 */
import { type ActionContext, defineAction, UI_GATES } from '../context.js';
import { returnedFailure, type StepIdentity, type StepResult, succeeded } from '../envelope.js';
import type { ParamReader } from '../params.js';
import type { Gesture, Point } from '../platform.js';
import { dispatchGesture, pointJson, receipt } from '../receipts.js';

const MAX_GESTURE_MS = 10_000;

function readEndpoints(params: ParamReader): { start: Point; end: Point } {
  const start = params.point('start');
  const end = params.point('end');
  if (start.x === end.x && start.y === end.y) params.fail('end', 'params.end must differ from params.start');
  return { start, end };
}

function readDuration(params: ParamReader, key: string): number {
  const value = params.requiredNumber(key);
  if (!Number.isInteger(value) || value < 1 || value > MAX_GESTURE_MS) {
    params.fail(key, `params.${key} must be an integer in [1, ${MAX_GESTURE_MS}]`);
  }
  return value;
}

function insideDisplay(ctx: ActionContext, point: Point): boolean {
  const display = ctx.platform.display();
  return point.x < display.width && point.y < display.height;
}

/** Dispatches the gesture and builds the step; `extra` holds the action's echo fields. */
async function runGesture(
  ctx: ActionContext,
  step: StepIdentity,
  gesture: Gesture,
  extra: Record<string, string>,
): Promise<StepResult> {
  const echo = { start: pointJson(gesture.start), end: pointJson(gesture.end), ...extra };
  if (!insideDisplay(ctx, gesture.start) || !insideDisplay(ctx, gesture.end)) {
    return returnedFailure(step, 'GESTURE_FAILED', 'Gesture coordinates are outside the display', {
      ...echo,
      ...receipt(ctx),
    });
  }
  const outcome = await dispatchGesture(ctx, gesture);
  if (outcome !== 'completed') {
    return returnedFailure(step, 'GESTURE_FAILED', `Gesture was ${outcome}`, { ...echo, ...receipt(ctx) });
  }
  return succeeded(step, { ...echo, ...receipt(ctx) });
}

export const swipeAction = defineAction({
  type: 'swipe',
  gates: UI_GATES,
  parse: (params) => ({ ...readEndpoints(params), durationMs: readDuration(params, 'durationMs') }),
  run: (ctx, step, p) =>
    runGesture(
      ctx,
      step,
      { start: p.start, end: p.end, holdMs: 0, moveMs: p.durationMs },
      {
        duration_ms: String(p.durationMs),
      },
    ),
});

export const dragAction = defineAction({
  type: 'drag',
  gates: UI_GATES,
  parse: (params) => ({
    ...readEndpoints(params),
    holdDurationMs: readDuration(params, 'holdDurationMs'),
    moveDurationMs: readDuration(params, 'moveDurationMs'),
  }),
  run: (ctx, step, p) =>
    runGesture(
      ctx,
      step,
      { start: p.start, end: p.end, holdMs: p.holdDurationMs, moveMs: p.moveDurationMs },
      {
        hold_duration_ms: String(p.holdDurationMs),
        move_duration_ms: String(p.moveDurationMs),
      },
    ),
});
