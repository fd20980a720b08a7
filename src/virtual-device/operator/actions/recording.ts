/**
 * `start_recording` / `stop_recording` (seed 003:3125-3183, 11741-11875,
 * 12027-12140): one recording per Operator process, written as NDJSON
 * (a `recording_header` line, then events) under the Operator's external files
 * directory. Events come from the accessibility service's event stream, so a
 * user's tap (`input tap`) is recorded like the Operator's own clicks; each
 * carries the hierarchy XML of its screen (the clicked screen for a click).
 */
import { toHierarchyXml } from '../../../contract/selector/hierarchy-xml.js';
import type { UiNode } from '../../../contract/selector/node.js';
import type { AccessibilityEvent } from '../../android/ui/controller.js';
import { defineAction, UI_GATES } from '../context.js';
import { returnedFailure, succeeded } from '../envelope.js';
import type { OperatorState } from '../operator-state.js';
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

function nodeFields(node: UiNode) {
  return {
    resourceId: node.resourceId || null,
    text: node.text || null,
    contentDesc: node.contentDesc || null,
  };
}

/** The NDJSON fields of an event after `ts`, `seq`, `type` (003:11775-11875). */
function eventFields(event: AccessibilityEvent): { type: string } & Record<string, unknown> {
  const snapshot = toHierarchyXml(event.hierarchy());
  switch (event.type) {
    case 'view_clicked': {
      const { node, packageName } = event;
      const bounds = node.bounds ?? { left: 0, top: 0, right: 0, bottom: 0 };
      return { type: 'click', packageName, ...nodeFields(node), bounds, snapshot };
    }
    case 'view_text_changed':
      return {
        type: 'text_change',
        packageName: event.packageName,
        resourceId: event.node.resourceId || null,
        text: event.text,
        snapshot,
      };
    case 'view_scrolled':
      return {
        type: 'scroll',
        packageName: event.packageName,
        resourceId: event.node.resourceId || null,
        scrollX: 0,
        scrollY: event.scrollY,
        maxScrollX: 0,
        maxScrollY: event.maxScrollY,
        snapshot,
      };
    case 'window_state_changed':
      return {
        type: 'window_change',
        packageName: event.packageName,
        className: event.className,
        title: event.title,
        snapshot,
      };
    case 'back_pressed':
      return { type: 'press_key', key: 'back', snapshot };
  }
}

/** Appends an accessibility event to the active recording, if any (`ts`, `seq`, `type` first). */
export function recordEvent(state: OperatorState, wallTime: number, event: AccessibilityEvent): void {
  const recording = state.recording;
  if (!recording) return;
  const { type, ...fields } = eventFields(event);
  recording.lines.push(JSON.stringify({ ts: wallTime, seq: recording.nextSeq++, type, ...fields }));
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
    const { state, platform } = ctx;
    // The service listens for events only while recording: capturing each event's screen costs.
    const unsubscribe = platform.accessibilityEvents((event) =>
      recordEvent(state, platform.wallTime(), event),
    );
    state.recording = { sessionId, filePath, lines: [JSON.stringify(header)], nextSeq: 0, unsubscribe };
    ctx.platform.writeFile(filePath, `${JSON.stringify(header)}\n`);
    return succeeded(step, { sessionId, filePath });
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
    active.unsubscribe();
    ctx.platform.writeFile(active.filePath, `${active.lines.join('\n')}\n`);
    ctx.platform.writeFile(`${recordingDir(ctx.state.packageName)}/latest`, `${active.sessionId}\n`);
    return succeeded(step, {
      sessionId: active.sessionId,
      filePath: active.filePath,
      eventCount: String(active.lines.length - 1),
    });
  },
});
