/**
 * `decodeNotificationMediaPayload`: validates and decodes the `data.payload`
 * JSON string of notification and media steps (seeds 000, 001: schemaVersion 1,
 * `deviceState`, per-action fields). Objects are loose so additive Operator
 * fields pass through; documented fields are typed, nullable where the seeds
 * say unknown is null. A payload that does not match is RESULT_ENVELOPE_MALFORMED.
 */
import { z } from 'zod';
import { DroidproofError } from '../../contract/errors.js';

const nullableNumber = z.number().nullable();

export const DeviceStateSchema = z.looseObject({
  screenOn: z.boolean().nullable(),
  deviceLocked: z.boolean().nullable(),
  userUnlocked: z.boolean().nullable(),
});

const base = { schemaVersion: z.literal(1), observedElapsedMs: z.number(), deviceState: DeviceStateSchema };

export const NotificationActionSchema = z.looseObject({
  actionId: z.string(),
  title: z.string().nullable(),
  requiresInput: z.boolean(),
  requiresAuthentication: z.boolean(),
});

export const NotificationSchema = z.looseObject({
  key: z.string(),
  applicationId: z.string(),
  title: z.string().nullable(),
  text: z.string().nullable(),
  postTime: z.number(),
  ongoing: z.boolean(),
  clearable: z.boolean(),
  actions: z.array(NotificationActionSchema).default([]),
  progress: z
    .looseObject({ value: z.number(), max: z.number(), indeterminate: z.boolean() })
    .nullable()
    .optional(),
});

export const MediaSessionSchema = z.looseObject({
  mediaSessionId: z.string(),
  applicationId: z.string(),
  title: z.string().nullable(),
  artist: z.string().nullable(),
  durationMs: nullableNumber,
  state: z.string(),
  supportedControls: z.array(z.string()),
  reportedPositionMs: nullableNumber.optional(),
  estimatedPositionMs: nullableNumber.optional(),
  positionUpdatedElapsedMs: nullableNumber.optional(),
  positionUpdateAgeMs: nullableNumber.optional(),
  playbackSpeed: nullableNumber.optional(),
  evidence: z.string().optional(),
  playerReportSequence: z.number().optional(),
});

const sampleSchema = z.looseObject({
  playerReportSequence: z.number(),
  playerReportReceivedElapsedMs: z.number(),
  state: z.string(),
  reportedPositionMs: nullableNumber,
  positionUpdatedElapsedMs: nullableNumber,
  playbackSpeed: nullableNumber,
});

export const NOTIFICATION_MEDIA_PAYLOADS = {
  list_notifications: z.looseObject({
    ...base,
    notifications: z.array(NotificationSchema),
    total: z.number(),
    truncated: z.boolean(),
  }),
  dismiss_notification: z.looseObject({
    ...base,
    notificationKey: z.string(),
    dispatched: z.boolean(),
    removalObserved: z.boolean(),
    waitTimeoutMs: z.number(),
  }),
  invoke_notification_action: z.looseObject({
    ...base,
    notificationKey: z.string(),
    actionId: z.string(),
    dispatched: z.boolean(),
  }),
  list_media_sessions: z.looseObject({
    ...base,
    sessions: z.array(MediaSessionSchema),
    total: z.number(),
    truncated: z.boolean(),
  }),
  get_media_status: z.looseObject({ ...base, session: MediaSessionSchema }),
  observe_media: z.looseObject({
    ...base,
    initialSession: MediaSessionSchema,
    session: MediaSessionSchema,
    startedElapsedMs: z.number(),
    endedElapsedMs: z.number(),
    durationMs: z.number(),
    samples: z.array(sampleSchema),
    newPlayerReportCount: z.number(),
    truncated: z.boolean(),
    reportedPositionDeltaMs: nullableNumber,
  }),
  media_pause: z.looseObject({
    ...base,
    dispatched: z.boolean(),
    targetStateObserved: z.boolean(),
    session: MediaSessionSchema,
  }),
  media_play: z.looseObject({
    ...base,
    dispatched: z.boolean(),
    targetStateObserved: z.boolean(),
    session: MediaSessionSchema,
  }),
  media_seek: z.looseObject({
    ...base,
    dispatched: z.boolean(),
    requestedPositionMs: z.number(),
    positionToleranceMs: z.number(),
    waitTimeoutMs: z.number(),
    targetPositionObserved: z.boolean(),
    session: MediaSessionSchema,
  }),
} as const;

export type NotificationMediaActionType = keyof typeof NOTIFICATION_MEDIA_PAYLOADS;
export type NotificationMediaPayload<T extends NotificationMediaActionType> = z.infer<
  (typeof NOTIFICATION_MEDIA_PAYLOADS)[T]
>;

export function isNotificationMediaAction(type: string): type is NotificationMediaActionType {
  return Object.hasOwn(NOTIFICATION_MEDIA_PAYLOADS, type);
}

/** Decodes and validates the `data.payload` string of a notification or media step. */
export function decodeNotificationMediaPayload<T extends NotificationMediaActionType>(
  actionType: T,
  payload: unknown,
): NotificationMediaPayload<T> {
  const malformed = (reason: string) =>
    new DroidproofError('RESULT_ENVELOPE_MALFORMED', `${actionType} payload is invalid: ${reason}`, {
      actionType,
      reason,
    });
  if (typeof payload !== 'string') throw malformed('data.payload is missing');
  let json: unknown;
  try {
    json = JSON.parse(payload);
  } catch {
    throw malformed('data.payload is not JSON');
  }
  const parsed = NOTIFICATION_MEDIA_PAYLOADS[actionType].safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw malformed(`${issue?.path.join('.') || 'payload'}: ${issue?.message}`);
  }
  return parsed.data as NotificationMediaPayload<T>;
}
