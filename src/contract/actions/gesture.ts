/**
 * Coordinate gestures and key presses: `swipe`, `drag`, `press_key`
 * (seed 003:2143-2272, 2623-2651). Gestures accept exactly their documented fields.
 */
import { z } from 'zod';
import { defineAction, requiredParams } from './define.js';
import { gesturePoint, intInRange, retry } from './fields.js';

type Point = z.infer<typeof gesturePoint>;

function endDiffersFromStart(params: { start: Point; end: Point }): boolean {
  return params.start.x !== params.end.x || params.start.y !== params.end.y;
}
const endMustDiffer = { message: 'end must differ from start', path: ['end'] };

export const SwipeParamsSchema = z
  .strictObject({ start: gesturePoint, end: gesturePoint, durationMs: intInRange('durationMs', 1, 10_000) })
  .refine(endDiffersFromStart, endMustDiffer);

export const DragParamsSchema = z
  .strictObject({
    start: gesturePoint,
    end: gesturePoint,
    holdDurationMs: intInRange('holdDurationMs', 1, 10_000),
    moveDurationMs: intInRange('moveDurationMs', 1, 10_000),
  })
  .refine(endDiffersFromStart, endMustDiffer);

export const PRESS_KEYS = ['back', 'home', 'recents'] as const;

/** `key` is case-insensitive (003:2630); the value is kept verbatim, Android folds case. */
export const PressKeyParamsSchema = z.strictObject({
  key: z.string().refine((key) => (PRESS_KEYS as readonly string[]).includes(key.trim().toLowerCase()), {
    message: `key must be one of: ${PRESS_KEYS.join(', ')}`,
  }),
  retry: retry.optional(),
});

export const gestureActions = [
  defineAction('swipe', requiredParams(SwipeParamsSchema)),
  defineAction('drag', requiredParams(DragParamsSchema)),
  defineAction('press_key', requiredParams(PressKeyParamsSchema)),
] as const;
