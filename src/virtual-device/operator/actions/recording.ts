/**
 * `start_recording` / `stop_recording` (seed 003:3125-3183, 11741-11875,
 * 12027-12140): one recording per Operator process, written as NDJSON
 * (a `recording_header` line, then events) under the Operator's external files
 * directory. The Operator records the clicks and back presses it dispatches
 * itself (`recordEvent`); the device's own input is not observed.
 */
import type { ActionContext } from '../context.js';
import { defineAction, UI_GATES } from '../context.js';
import { returnedFailure, succeeded } from '../envelope.js';
import type { ParamReader } from '../params.js';
import { readRetry } from '../retry.js';

const SESSION_ID = /^[a-zA-Z0-9_-]+$/;

function readSessionId(params: ParamReader): string | undefined {
  const sessionId = params.optionalString('sessionId');
  if (sessionId !== undefined && sessionId.trim() === '')
    params.fail('sessionId', 'params.sessionId must not be blank');
  readRetry(params, 'retry', 'None');
  return sessionId;
}

function recordingDir(packageName: string): string {
  return `/sdcard/Android/data/${packageName}/files/recordings`;
}

/** Appends an event to the active recording, if any (`ts`, `seq`, `type` first, 003:11775-11790). */
export function recordEvent(ctx: ActionContext, event: { type: string } & Record<string, unknown>): void {
  const recording = ctx.state.recording;
  if (!recording) return;
  const { type, ...fields } = event;
  recording.lines.push(
    JSON.stringify({ ts: ctx.platform.wallTime(), seq: recording.nextSeq++, type, ...fields }),
  );
}

export const startRecordingAction = defineAction({
  type: 'start_recording',
  gates: UI_GATES,
  parse: (params) => ({ sessionId: readSessionId(params) }),
  run: async (ctx, step, p) => {
    const active = ctx.state.recording;
    if (active) {
      return returnedFailure(step, 'RECORDING_ALREADY_IN_PROGRESS', 'Recording is already in progress', {
        sessionId: active.sessionId,
        filePath: active.filePath,
      });
    }
    const sessionId = p.sessionId ?? `record-${ctx.platform.wallTime()}`;
    if (!SESSION_ID.test(sessionId)) {
      return returnedFailure(step, 'RECORDING_START_FAILED', 'sessionId must match ^[a-zA-Z0-9_-]+$');
    }
    const filePath = `${recordingDir(ctx.state.packageName)}/${sessionId}.ndjson`;
    const header = {
      type: 'recording_header',
      schemaVersion: 1,
      sessionId,
      startedAt: ctx.platform.wallTime(),
      operatorPackage: ctx.state.packageName,
    };
    ctx.state.recording = { sessionId, filePath, lines: [JSON.stringify(header)], nextSeq: 0 };
    ctx.platform.writeFile(filePath, `${JSON.stringify(header)}\n`);
    return succeeded(step, { session_id: sessionId, file_path: filePath });
  },
});

export const stopRecordingAction = defineAction({
  type: 'stop_recording',
  gates: UI_GATES,
  parse: (params) => ({ sessionId: readSessionId(params) }),
  run: async (ctx, step, p) => {
    const active = ctx.state.recording;
    if (!active || (p.sessionId !== undefined && p.sessionId !== active.sessionId)) {
      return returnedFailure(step, 'RECORDING_NOT_IN_PROGRESS', 'Recording is not in progress');
    }
    ctx.state.recording = undefined;
    ctx.platform.writeFile(active.filePath, `${active.lines.join('\n')}\n`);
    ctx.platform.writeFile(`${recordingDir(ctx.state.packageName)}/latest`, `${active.sessionId}\n`);
    return succeeded(step, {
      session_id: active.sessionId,
      file_path: active.filePath,
      event_count: String(active.lines.length - 1),
    });
  },
});
