/**
 * Notification actions (seed 001; 003:6260-6367): `list_notifications`,
 * `dismiss_notification`, `invoke_notification_action`. Unknown parameters are rejected.
 */
import { z } from 'zod';
import { defineAction, requiredParams } from './define.js';
import { intInRange, nonblankString } from './fields.js';

/** Listing parameters shared with `list_media_sessions` (000, 001). */
export const ListingParamsSchema = z.strictObject({
  applicationId: nonblankString('applicationId', 512).optional(),
  limit: intInRange('limit', 1, 100).optional(),
  maxTextChars: intInRange('maxTextChars', 1, 1024).optional(),
});

/** Android defaults for omitted listing fields. */
export const LISTING_DEFAULTS = { limit: 25, maxTextChars: 256 } as const;

export const waitTimeoutMs = intInRange('waitTimeoutMs', 0, 30_000);
const notificationKey = nonblankString('notificationKey', 4096);

export const DismissNotificationParamsSchema = z.strictObject({
  notificationKey,
  waitTimeoutMs: waitTimeoutMs.optional(),
});

export const InvokeNotificationActionParamsSchema = z.strictObject({
  notificationKey,
  actionId: nonblankString('actionId', 128),
});

export const notificationActions = [
  defineAction('list_notifications', ListingParamsSchema.optional()),
  defineAction('dismiss_notification', requiredParams(DismissNotificationParamsSchema)),
  defineAction('invoke_notification_action', requiredParams(InvokeNotificationActionParamsSchema)),
] as const;
