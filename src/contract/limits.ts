/**
 * Node-side contract limits (seed 003 "Execution Limits", "NodeMatcher Contract",
 * "Timeouts"). Exported so the actuator, the virtual Operator and the CLI
 * enforce the same numbers.
 */
export const LIMITS = {
  /** At most this many actions per execution. */
  MAX_ACTIONS: 50,
  /** At most this many UTF-8 bytes in the serialized payload. */
  MAX_PAYLOAD_BYTES: 64_000,
  /** Execution-level `timeoutMs` lower bound. */
  MIN_EXECUTION_TIMEOUT_MS: 1_000,
  /** Execution-level `timeoutMs` upper bound. */
  MAX_EXECUTION_TIMEOUT_MS: 120_000,
  /** Each NodeMatcher string value is at most this many characters. */
  MAX_MATCHER_VALUE_LENGTH: 512,
} as const;
