/**
 * Node-side contract limits (seed 003 "Execution Limits", "NodeMatcher Contract").
 * Exported so the actuator, the virtual Operator and the CLI enforce the same numbers.
 *
 * The id, source and URI lengths are not stated by the seeds; they follow the
 * released Clawperator Operator, whose payloads we stay compatible with.
 */
export const LIMITS = {
  /** At most this many actions per execution (003:1464). */
  MAX_ACTIONS: 50,
  /** At most this many UTF-8 bytes in the serialized payload (003:1465). */
  MAX_PAYLOAD_BYTES: 64_000,
  /** Execution-level `timeoutMs` lower bound (003:1466). */
  MIN_EXECUTION_TIMEOUT_MS: 1_000,
  /** Execution-level `timeoutMs` upper bound (003:1466). */
  MAX_EXECUTION_TIMEOUT_MS: 120_000,
  /** Each NodeMatcher string value is at most this many characters (003:3745). */
  MAX_MATCHER_VALUE_LENGTH: 512,
  /** `commandId`, `taskId` and action `id` length. */
  MAX_ID_LENGTH: 128,
  /** `source` length. */
  MAX_SOURCE_LENGTH: 64,
  /** `open_uri` `uri` length (`MAX_URI_LENGTH`, 003:3101). */
  MAX_URI_LENGTH: 2_048,
  /** Nesting depth beyond which an input cannot be a valid payload (matchers nest 6 deep at most). */
  MAX_INPUT_DEPTH: 32,
} as const;
