/**
 * Observation and capture actions: `snapshot`, `take_screenshot`, `query_ui`
 * (seed 003:1882-2000, 2726-2758, 2915-2984).
 */
import { z } from 'zod';
import { defineAction } from './define.js';
import { intInRange, matcher, nonblankString, retry } from './fields.js';

/** `format` was removed from snapshot and is rejected like any unknown key, with a hint (003:2735). */
export const SnapshotParamsSchema = z.strictObject({ retry: retry.optional() });

export const TakeScreenshotParamsSchema = z.strictObject({
  path: nonblankString('path').optional(),
  retry: retry.optional(),
});

export const QUERY_VISIBILITIES = ['on_screen', 'all'] as const;

/** An explicit empty matcher is invalid: the NodeMatcher schema rejects `{}` (003:1890). */
export const QueryUiParamsSchema = z.strictObject({
  matcher: matcher.optional(),
  visibility: z.enum(QUERY_VISIBILITIES).optional(),
  limit: intInRange('limit', 1, 1000).optional(),
});

export const captureActions = [
  defineAction('snapshot', SnapshotParamsSchema.optional()),
  defineAction('take_screenshot', TakeScreenshotParamsSchema.optional()),
  defineAction('query_ui', QueryUiParamsSchema.optional()),
] as const;
