/**
 * Default Operator timeouts and the builders' execution-timeout inflation
 * rules (seed 003:7151-7445, 000 "observe"), so every layer budgets the same way.
 */
import { LIMITS } from './limits.js';

export const TIMEOUTS = {
  /** Execution timeout the builders use unless overridden (003:7362). */
  DEFAULT_EXECUTION_TIMEOUT_MS: 30_000,
  /** Head-room added above an action's own wait (003:7363). */
  WAIT_BUFFER_MS: 5_000,
  /** `observe_media`: execution timeout default is durationMs + this (000). */
  OBSERVE_MEDIA_BUFFER_MS: 10_000,
  /** `open_app` readiness-wait default (003:3064). */
  OPEN_APP_NAVIGATION_TIMEOUT_MS: 15_000,
  /** `wait_for_navigation` action timeout ceiling (003:2697). */
  MAX_NAVIGATION_WAIT_MS: 30_000,
  /** Android clamps `wait_for_node.timeoutMs` to this range (003:2661). */
  WAIT_FOR_NODE_CLAMP: { min: 1, max: 120_000 },
} as const;

function capped(ms: number): number {
  return Math.min(ms, LIMITS.MAX_EXECUTION_TIMEOUT_MS);
}

/**
 * Execution timeout for a wait action: `max(actionTimeout + 5000, 30000)`
 * (003:7363), capped at the 120000 execution limit.
 */
export function waitExecutionTimeout(actionTimeoutMs?: number): number {
  if (actionTimeoutMs === undefined) return TIMEOUTS.DEFAULT_EXECUTION_TIMEOUT_MS;
  return capped(Math.max(actionTimeoutMs + TIMEOUTS.WAIT_BUFFER_MS, TIMEOUTS.DEFAULT_EXECUTION_TIMEOUT_MS));
}

/** `sleep`: `max(durationMs + 5000, globalTimeoutMs ?? 0, 30000)` (003:7401), capped. */
export function sleepExecutionTimeout(durationMs: number, globalTimeoutMs?: number): number {
  return capped(
    Math.max(
      durationMs + TIMEOUTS.WAIT_BUFFER_MS,
      globalTimeoutMs ?? 0,
      TIMEOUTS.DEFAULT_EXECUTION_TIMEOUT_MS,
    ),
  );
}

/** `observe_media`: durationMs + 10000 (000), at least the 1000 minimum. */
export function observeMediaExecutionTimeout(durationMs: number): number {
  return capped(Math.max(durationMs + TIMEOUTS.OBSERVE_MEDIA_BUFFER_MS, LIMITS.MIN_EXECUTION_TIMEOUT_MS));
}
