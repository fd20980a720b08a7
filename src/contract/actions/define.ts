/**
 * Builders for one action schema: `{ id, type, params }`, strict at the action level.
 */
import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { utf16String } from '../utf16.js';

/** Step correlation id. */
export const ActionIdSchema = utf16String(
  1,
  LIMITS.MAX_ID_LENGTH,
  'action id must not be empty',
  `action id must be at most ${LIMITS.MAX_ID_LENGTH} characters`,
);

/** One action schema with its literal canonical `type`. */
export function defineAction<const T extends string, P extends z.ZodType>(type: T, params: P) {
  return z.strictObject({ id: ActionIdSchema, type: z.literal(type), params });
}

/**
 * For actions with required fields: an omitted `params` is validated as `{}`, so
 * the error path names the missing field (`actions.0.params.uri`), not `params`.
 */
export function requiredParams<P extends z.ZodType>(schema: P) {
  return z.preprocess((value) => (value === undefined ? {} : value), schema);
}

/** `params` omitted or exactly `{}`; `null` and any field are invalid (003:2822, 003:2893). */
export const noParams = z.strictObject({}).optional();
