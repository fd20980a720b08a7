/**
 * The retry object accepted by `retry`, `scrollRetry` and `clickRetry`
 * (seed 003:1787-1812), and the clamps Android applies to it, as data and as a
 * function so the virtual Operator and the Kotlin core behave identically.
 */
import { z } from 'zod';

const retryNumber = z.number();

/** Node validates field names and JSON number types; ranges are Android's clamps below. */
export const RetryObjectSchema = z.strictObject({
  maxAttempts: retryNumber.optional(),
  initialDelayMs: retryNumber.optional(),
  maxDelayMs: retryNumber.optional(),
  backoffMultiplier: retryNumber.optional(),
  jitterRatio: retryNumber.optional(),
});
export type RetryObject = z.infer<typeof RetryObjectSchema>;

/** A fully specified retry policy, as Android uses it after parsing. */
export type RetryPolicy = Required<RetryObject>;

/** Android-side clamp bounds (003:1805-1809). `maxDelayMs` lower bound is the clamped `initialDelayMs`. */
export const RETRY_CLAMPS = {
  maxAttempts: { min: 1, max: 10 },
  initialDelayMs: { min: 0, max: 30_000 },
  maxDelayMs: { max: 60_000 },
  backoffMultiplier: { min: 1.0, max: 5.0 },
  jitterRatio: { min: 0.0, max: 1.0 },
} as const;

/** The action-specific defaults Android applies when the retry object is omitted (003:1810). */
export const RETRY_DEFAULT_PROFILES = ['UiReadiness', 'UiScroll', 'AppLaunch', 'AppClose', 'None'] as const;
export type RetryDefaultProfile = (typeof RETRY_DEFAULT_PROFILES)[number];

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), max);
}

/** Applies Android's clamps. `maxAttempts` counts the initial attempt, so 1 means no retry. */
export function clampRetry(policy: RetryPolicy): RetryPolicy {
  const initialDelayMs = clamp(
    policy.initialDelayMs,
    RETRY_CLAMPS.initialDelayMs.min,
    RETRY_CLAMPS.initialDelayMs.max,
  );
  return {
    maxAttempts: clamp(policy.maxAttempts, RETRY_CLAMPS.maxAttempts.min, RETRY_CLAMPS.maxAttempts.max),
    initialDelayMs,
    maxDelayMs: clamp(policy.maxDelayMs, initialDelayMs, RETRY_CLAMPS.maxDelayMs.max),
    backoffMultiplier: clamp(
      policy.backoffMultiplier,
      RETRY_CLAMPS.backoffMultiplier.min,
      RETRY_CLAMPS.backoffMultiplier.max,
    ),
    jitterRatio: clamp(policy.jitterRatio, RETRY_CLAMPS.jitterRatio.min, RETRY_CLAMPS.jitterRatio.max),
  };
}
