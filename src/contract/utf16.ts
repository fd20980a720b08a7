/**
 * Strings bounded in UTF-16 code units, the unit the seeds and the Operator
 * (Kotlin `String.length`) count in. zod's own string `min`/`max` count code
 * points, so an emoji would count 1 where Android counts 2.
 */
import { z } from 'zod';

/** A string of `min..max` UTF-16 code units (both bounds inclusive). */
export function utf16String(
  min: number,
  max: number,
  tooShort: string,
  tooLong: string = tooShort,
): z.ZodString {
  return z
    .string()
    .refine((value) => value.length >= min, { message: tooShort, abort: true })
    .refine((value) => value.length <= max, { message: tooLong, abort: true });
}
