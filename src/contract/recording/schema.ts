/**
 * The raw recording an Operator writes (seed 003 "NDJSON Format"): one
 * `recording_header` line, then event lines. Unknown extra fields are ignored
 * so newer Operators stay readable; a missing or mistyped field is not.
 */
import { z } from 'zod';

/** The only schema version this parser reads (003:11761). */
export const RECORDING_SCHEMA_VERSION = 1;

/** Session ids the pull path accepts (003:11965-11971). */
export const RECORDING_SESSION_ID = /^[a-zA-Z0-9_-]+$/;

export const RecordingHeaderSchema = z.object({
  type: z.literal('recording_header'),
  schemaVersion: z.number(),
  sessionId: z.string(),
  startedAt: z.number(),
  operatorPackage: z.string(),
});
export type RecordingHeader = z.infer<typeof RecordingHeaderSchema>;

const nullableString = z.string().nullable();

/** Every event's `snapshot`: the hierarchy XML of its screen, or absent. */
const base = {
  ts: z.number(),
  seq: z.number().int().nonnegative(),
  snapshot: z.string().nullable().optional(),
};

export const RecordingBoundsSchema = z.object({
  left: z.number(),
  top: z.number(),
  right: z.number(),
  bottom: z.number(),
});

export const WindowChangeEventSchema = z.object({
  ...base,
  type: z.literal('window_change'),
  packageName: z.string(),
  className: nullableString,
  title: nullableString,
});

export const ClickEventSchema = z.object({
  ...base,
  type: z.literal('click'),
  packageName: z.string(),
  resourceId: nullableString,
  text: nullableString,
  contentDesc: nullableString,
  bounds: RecordingBoundsSchema,
});

export const ScrollEventSchema = z.object({
  ...base,
  type: z.literal('scroll'),
  packageName: z.string(),
  resourceId: nullableString,
  scrollX: z.number(),
  scrollY: z.number(),
  maxScrollX: z.number(),
  maxScrollY: z.number(),
});

/** Only `back` (003:11858-11860). */
export const PressKeyEventSchema = z.object({
  ...base,
  type: z.literal('press_key'),
  key: z.literal('back'),
});

export const TextChangeEventSchema = z.object({
  ...base,
  type: z.literal('text_change'),
  packageName: z.string(),
  resourceId: nullableString,
  text: z.string(),
});

export const RecordingEventSchema = z.discriminatedUnion('type', [
  WindowChangeEventSchema,
  ClickEventSchema,
  ScrollEventSchema,
  PressKeyEventSchema,
  TextChangeEventSchema,
]);
export type RecordingEvent = z.infer<typeof RecordingEventSchema>;
export type ClickEvent = z.infer<typeof ClickEventSchema>;
export type RecordingEventType = RecordingEvent['type'];

export const RECORDING_EVENT_TYPES = RecordingEventSchema.options.map((o) => o.shape.type.value);

export interface Recording {
  header: RecordingHeader;
  events: RecordingEvent[];
}
