/**
 * `record parse`'s lossy step log (seed 003 "Parse Output Shape"): the first
 * `window_change` becomes one `open_app` step, every `click` one `click`
 * step; scrolls are dropped with a warning, text changes and back presses
 * silently. A `window_change` or `click` without a snapshot is warned about.
 */
import type { z } from 'zod';
import type { Recording, RecordingBoundsSchema } from './schema.js';

export type RecordingStep =
  | { seq: number; type: 'open_app'; packageName: string; uiStateBefore: string | null }
  | {
      seq: number;
      type: 'click';
      packageName: string;
      resourceId: string | null;
      text: string | null;
      contentDesc: string | null;
      bounds: z.infer<typeof RecordingBoundsSchema>;
      uiStateBefore: string | null;
    };

export interface RecordingStepLog {
  sessionId: string;
  schemaVersion: number;
  steps: RecordingStep[];
  /** Present only when there are warnings (003:11940-11946). */
  _warnings?: string[];
}

export function recordingStepLog(recording: Recording): RecordingStepLog {
  const steps: RecordingStep[] = [];
  const warnings: string[] = [];
  let opened = false;
  for (const event of recording.events) {
    if ((event.type === 'window_change' || event.type === 'click') && event.snapshot == null) {
      warnings.push(`seq ${event.seq}: ${event.type} event has no snapshot`);
    }
    const uiStateBefore = event.snapshot ?? null;
    switch (event.type) {
      case 'window_change':
        if (opened) break;
        opened = true;
        steps.push({ seq: event.seq, type: 'open_app', packageName: event.packageName, uiStateBefore });
        break;
      case 'click': {
        const { seq, packageName, resourceId, text, contentDesc, bounds } = event;
        steps.push({ seq, type: 'click', packageName, resourceId, text, contentDesc, bounds, uiStateBefore });
        break;
      }
      case 'scroll':
        warnings.push(`seq ${event.seq}: scroll event dropped (not extracted in v1)`);
        break;
      default:
        break;
    }
  }
  const { sessionId, schemaVersion } = recording.header;
  return { sessionId, schemaVersion, steps, ...(warnings.length > 0 ? { _warnings: warnings } : {}) };
}
