/**
 * Field schemas shared by several action parameter shapes. Each encodes one
 * rule of seed 003 "Action Reference" once, so action modules stay declarative.
 */
import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { NodeMatcherSchema } from '../matcher.js';
import { RetryObjectSchema } from '../retry.js';
import { utf16String } from '../utf16.js';

/** A string with at least one non-whitespace character, at most `max` UTF-16 code units. */
export function nonblankString(what: string, max = Number.MAX_SAFE_INTEGER): z.ZodString {
  return utf16String(0, max, '', `${what} must be at most ${max} characters`).refine(
    (value) => value.trim().length > 0,
    { message: `${what} must not be blank` },
  );
}

/** An integer-valued JSON number within [min, max], both inclusive (seed 003:7996 wording). */
export function intInRange(what: string, min: number, max: number): z.ZodNumber {
  const message = `${what} must be an integer in [${min}, ${max}]`;
  return z.number().int(message).min(min, message).max(max, message);
}

/** A finite JSON number within [min, max]. */
export function numberInRange(what: string, min: number, max: number): z.ZodNumber {
  return z
    .number()
    .min(min, `${what} must be in [${min}, ${max}]`)
    .max(max, `${what} must be in [${min}, ${max}]`);
}

export const matcher = NodeMatcherSchema;
export const retry = RetryObjectSchema;
/** Strict must be a JSON boolean; strings, numbers and null are invalid (003:3837). */
export const strict = z.boolean();
export const applicationId = nonblankString('applicationId');

export const SCROLL_DIRECTIONS = ['down', 'up', 'left', 'right'] as const;
export const direction = z.enum(SCROLL_DIRECTIONS);

/** Click types the CLI builders emit (003:2111); other strings are rejected as typos. */
export const CLICK_TYPES = ['default', 'long_click', 'focus'] as const;
export const clickType = z.enum(CLICK_TYPES);

/** Screen coordinate of `click` (003:2110): non-negative integers. */
export const clickCoordinate = z.strictObject({
  x: z.number().int('coordinate.x must be an integer').min(0, 'coordinate.x must be >= 0'),
  y: z.number().int('coordinate.y must be an integer').min(0, 'coordinate.y must be >= 0'),
});

/** Gesture endpoint of `swipe` / `drag` (003:2153): integers in [0, 2147483647]. */
export const gesturePoint = z.strictObject({
  x: intInRange('x', 0, 2_147_483_647),
  y: intInRange('y', 0, 2_147_483_647),
});

export const ID_MAX = LIMITS.MAX_ID_LENGTH;
