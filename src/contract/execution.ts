/**
 * The execution payload (seed 003:1365-1470): top-level fields, limits, and
 * the ordered action list.
 */
import { z } from 'zod';
import { ExecutionActionSchema } from './actions/index.js';
import { LIMITS } from './limits.js';
import { utf16String } from './utf16.js';

export const EXPECTED_FORMAT = 'android-ui-automator';
export const EXECUTION_MODES = ['artifact_compiled', 'direct'] as const;
export type ExecutionMode = (typeof EXECUTION_MODES)[number];

const id = (what: string) =>
  utf16String(
    1,
    LIMITS.MAX_ID_LENGTH,
    `${what} must not be empty`,
    `${what} must be at most ${LIMITS.MAX_ID_LENGTH} characters`,
  );

const timeoutRange = `timeoutMs must be between ${LIMITS.MIN_EXECUTION_TIMEOUT_MS} and ${LIMITS.MAX_EXECUTION_TIMEOUT_MS}`;

/** A canonical (normalized) execution. Input aliases are handled by `validateExecution`. */
export const ExecutionSchema = z.strictObject({
  commandId: id('commandId'),
  taskId: id('taskId'),
  source: utf16String(
    1,
    LIMITS.MAX_SOURCE_LENGTH,
    'source must not be empty',
    `source must be at most ${LIMITS.MAX_SOURCE_LENGTH} characters`,
  ),
  expectedFormat: z.literal(EXPECTED_FORMAT, { error: `expectedFormat must be "${EXPECTED_FORMAT}"` }),
  timeoutMs: z
    .number({ error: 'timeoutMs must be a finite number' })
    .min(LIMITS.MIN_EXECUTION_TIMEOUT_MS, timeoutRange)
    .max(LIMITS.MAX_EXECUTION_TIMEOUT_MS, timeoutRange),
  actions: z
    .array(ExecutionActionSchema)
    .min(1, 'actions must not be empty')
    .max(LIMITS.MAX_ACTIONS, `actions must contain at most ${LIMITS.MAX_ACTIONS} entries`),
  mode: z.enum(EXECUTION_MODES).optional(),
});
export type Execution = z.infer<typeof ExecutionSchema>;
/** What callers may pass before normalization (aliases not reflected). */
export type ExecutionInput = z.input<typeof ExecutionSchema>;
