/**
 * Android retry policies (seed 003:1787-1812 "Retry Object Shape"): a caller's
 * retry object is clamped by the contract's `clampRetry`; an omitted one takes
 * the action's default profile. The seeds name the profiles (UiReadiness,
 * UiScroll, AppLaunch, AppClose, None) but not their numbers; the values below
 * are this Operator's choice (docs/virtual-operator.md). Jitter is accepted
 * and clamped but not applied, so executions stay deterministic under a
 * manual clock.
 */
import { clampRetry, type RetryDefaultProfile, type RetryPolicy } from '../../contract/retry.js';
import type { ParamReader } from './params.js';

export const RETRY_DEFAULTS: Readonly<Record<RetryDefaultProfile, RetryPolicy>> = {
  UiReadiness: {
    maxAttempts: 3,
    initialDelayMs: 250,
    maxDelayMs: 1000,
    backoffMultiplier: 2,
    jitterRatio: 0,
  },
  UiScroll: { maxAttempts: 3, initialDelayMs: 250, maxDelayMs: 1000, backoffMultiplier: 2, jitterRatio: 0 },
  AppLaunch: { maxAttempts: 3, initialDelayMs: 500, maxDelayMs: 2000, backoffMultiplier: 2, jitterRatio: 0 },
  AppClose: { maxAttempts: 2, initialDelayMs: 250, maxDelayMs: 500, backoffMultiplier: 2, jitterRatio: 0 },
  None: { maxAttempts: 1, initialDelayMs: 0, maxDelayMs: 0, backoffMultiplier: 1, jitterRatio: 0 },
};

function numberOr(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

/** Reads `params[key]` as a retry policy (missing fields from the profile), or the profile itself. */
export function readRetry(params: ParamReader, key: string, profile: RetryDefaultProfile): RetryPolicy {
  const raw = params.object(key);
  const base = RETRY_DEFAULTS[profile];
  if (!raw) return base;
  const policy = clampRetry({
    maxAttempts: numberOr(raw.maxAttempts, base.maxAttempts),
    initialDelayMs: numberOr(raw.initialDelayMs, base.initialDelayMs),
    maxDelayMs: numberOr(raw.maxDelayMs, base.maxDelayMs),
    backoffMultiplier: numberOr(raw.backoffMultiplier, base.backoffMultiplier),
    jitterRatio: numberOr(raw.jitterRatio, base.jitterRatio),
  });
  return { ...policy, maxAttempts: Math.trunc(policy.maxAttempts) };
}

/** Delay before retry number `retry` (1 = first retry): exponential from `initialDelayMs`, capped. */
export function retryDelayMs(policy: RetryPolicy, retry: number): number {
  return Math.min(policy.maxDelayMs, policy.initialDelayMs * policy.backoffMultiplier ** (retry - 1));
}
