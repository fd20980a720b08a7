/**
 * Media-session actions (seed 000; 003:6368-6551): `list_media_sessions`,
 * `get_media_status`, `observe_media`, `media_pause`, `media_play`, `media_seek`.
 * Targeted actions take exactly one of `applicationId` or `mediaSessionId`.
 */
import { z } from 'zod';
import { defineAction, requiredParams } from './define.js';
import { intInRange, nonblankString } from './fields.js';
import { ListingParamsSchema, waitTimeoutMs } from './notifications.js';

const target = {
  applicationId: nonblankString('applicationId', 512).optional(),
  mediaSessionId: nonblankString('mediaSessionId', 128).optional(),
};

function exactlyOneTarget(p: { applicationId?: string; mediaSessionId?: string }): boolean {
  return (p.applicationId !== undefined) !== (p.mediaSessionId !== undefined);
}
const oneTarget = {
  message: 'Provide exactly one of applicationId or mediaSessionId; discover sessions with media list.',
  path: ['mediaSessionId'],
};

export const MediaTargetParamsSchema = z.strictObject(target).refine(exactlyOneTarget, oneTarget);

export const ObserveMediaParamsSchema = z
  .strictObject({ ...target, durationMs: intInRange('durationMs', 1, 30_000) })
  .refine(exactlyOneTarget, oneTarget);

export const MediaControlParamsSchema = z
  .strictObject({ ...target, waitTimeoutMs: waitTimeoutMs.optional() })
  .refine(exactlyOneTarget, oneTarget);

export const MediaSeekParamsSchema = z
  .strictObject({
    ...target,
    positionMs: intInRange('positionMs', 0, Number.MAX_SAFE_INTEGER),
    waitTimeoutMs: waitTimeoutMs.optional(),
    positionToleranceMs: intInRange('positionToleranceMs', 0, 60_000).optional(),
  })
  .refine(exactlyOneTarget, oneTarget);

/** Android defaults for omitted media fields. */
export const MEDIA_DEFAULTS = { waitTimeoutMs: 0, positionToleranceMs: 1000 } as const;

export const mediaActions = [
  defineAction('list_media_sessions', ListingParamsSchema.optional()),
  defineAction('get_media_status', requiredParams(MediaTargetParamsSchema)),
  defineAction('observe_media', requiredParams(ObserveMediaParamsSchema)),
  defineAction('media_pause', requiredParams(MediaControlParamsSchema)),
  defineAction('media_play', requiredParams(MediaControlParamsSchema)),
  defineAction('media_seek', requiredParams(MediaSeekParamsSchema)),
] as const;
