/**
 * Execution control actions: `sleep` (seed 003:3020-3052) and the doctor
 * handshake `doctor_ping` (brief; 003:7001), which takes no parameters.
 */
import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { defineAction, noParams, requiredParams } from './define.js';
import { retry } from './fields.js';

export const SleepParamsSchema = z.strictObject({
  durationMs: z
    .number({ error: 'sleep requires params.durationMs >= 0' })
    .min(0, 'sleep requires params.durationMs >= 0')
    .max(
      LIMITS.MAX_EXECUTION_TIMEOUT_MS,
      `sleep.durationMs must not exceed ${LIMITS.MAX_EXECUTION_TIMEOUT_MS} ms`,
    ),
  retry: retry.optional(),
});

export const controlActions = [
  defineAction('sleep', requiredParams(SleepParamsSchema)),
  defineAction('doctor_ping', noParams),
] as const;
