/**
 * App lifecycle and recording actions (seed 003:2985-3183).
 */
import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { defineAction, requiredParams } from './define.js';
import { applicationId, intInRange, nonblankString, retry } from './fields.js';

export const OpenAppParamsSchema = z.strictObject({
  applicationId,
  skipNavigationWait: z.boolean().optional(),
  navigationTimeoutMs: intInRange('navigationTimeoutMs', 1_000, 120_000).optional(),
  retry: retry.optional(),
});

export const OpenUriParamsSchema = z.strictObject({
  uri: nonblankString('uri', LIMITS.MAX_URI_LENGTH),
  retry: retry.optional(),
});

export const CloseAppParamsSchema = z.strictObject({ applicationId, retry: retry.optional() });

export const RecordingParamsSchema = z.strictObject({
  sessionId: nonblankString('sessionId').optional(),
  retry: retry.optional(),
});

export const appActions = [
  defineAction('open_app', requiredParams(OpenAppParamsSchema)),
  defineAction('open_uri', requiredParams(OpenUriParamsSchema)),
  defineAction('close_app', requiredParams(CloseAppParamsSchema)),
  defineAction('start_recording', RecordingParamsSchema.optional()),
  defineAction('stop_recording', RecordingParamsSchema.optional()),
] as const;
