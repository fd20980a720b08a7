/**
 * Reads a recording's NDJSON text (seed 003 "NDJSON Format"): the first
 * non-empty line must be the header, every later non-empty line one event.
 * Bad JSON, a bad header, bad event fields or an unknown event type is
 * RECORDING_PARSE_FAILED with the 1-based line; a header schema version other
 * than 1 is RECORDING_SCHEMA_VERSION_UNSUPPORTED.
 */
import type { z } from 'zod';
import { DroidproofError } from '../errors.js';
import {
  RECORDING_EVENT_TYPES,
  RECORDING_SCHEMA_VERSION,
  type Recording,
  type RecordingEvent,
  RecordingEventSchema,
  RecordingHeaderSchema,
} from './schema.js';

export interface RecordingParseDetails extends Record<string, unknown> {
  /** 1-based line of the file. */
  line?: number;
  /** Dotted path of the offending field within that line's JSON. */
  path?: string;
}

export class RecordingParseError extends DroidproofError {
  declare readonly details: RecordingParseDetails;
  constructor(message: string, details: RecordingParseDetails = {}) {
    super('RECORDING_PARSE_FAILED', message, details);
  }
}

export class RecordingSchemaVersionError extends DroidproofError {
  constructor(schemaVersion: unknown) {
    super(
      'RECORDING_SCHEMA_VERSION_UNSUPPORTED',
      `recording schemaVersion ${JSON.stringify(schemaVersion)} is not supported; this droidproof reads ${RECORDING_SCHEMA_VERSION}`,
      { schemaVersion, supported: [RECORDING_SCHEMA_VERSION] },
    );
  }
}

function firstIssue(error: z.ZodError): { path: string; message: string } {
  const issue = error.issues[0];
  return { path: issue?.path.join('.') ?? '', message: issue?.message ?? 'invalid' };
}

function parseLine(text: string, line: number): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new RecordingParseError(`line ${line} is not JSON: ${reason}`, { line });
  }
}

export function parseRecording(text: string): Recording {
  const lines = text.split('\n').map((raw, i) => ({ raw: raw.trim(), line: i + 1 }));
  const present = lines.filter((l) => l.raw !== '');
  const first = present[0];
  if (!first) throw new RecordingParseError('the recording is empty: no recording_header line', {});
  const rawHeader = parseLine(first.raw, first.line) as Record<string, unknown> | null;
  if (rawHeader?.type !== 'recording_header') {
    throw new RecordingParseError('the first line must be a recording_header', {
      line: first.line,
      path: 'type',
    });
  }
  if (rawHeader.schemaVersion !== RECORDING_SCHEMA_VERSION && typeof rawHeader.schemaVersion === 'number') {
    throw new RecordingSchemaVersionError(rawHeader.schemaVersion);
  }
  const header = RecordingHeaderSchema.safeParse(rawHeader);
  if (!header.success) {
    const { path, message } = firstIssue(header.error);
    throw new RecordingParseError(`invalid recording_header: ${path} ${message}`, { line: first.line, path });
  }
  const events: RecordingEvent[] = present.slice(1).map(({ raw, line }) => {
    const value = parseLine(raw, line) as Record<string, unknown> | null;
    const type = value?.type;
    if (typeof type !== 'string' || !(RECORDING_EVENT_TYPES as readonly string[]).includes(type)) {
      throw new RecordingParseError(`line ${line}: unknown event type ${JSON.stringify(type)}`, {
        line,
        path: 'type',
        accepted: RECORDING_EVENT_TYPES,
      });
    }
    const event = RecordingEventSchema.safeParse(value);
    if (!event.success) {
      const { path, message } = firstIssue(event.error);
      throw new RecordingParseError(`line ${line}: invalid ${type} event: ${path} ${message}`, {
        line,
        path,
      });
    }
    return event.data;
  });
  return { header: header.data, events };
}
