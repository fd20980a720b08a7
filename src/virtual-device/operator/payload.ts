/**
 * Android-side reading of the broadcast's `payload` extra. Node validated the
 * execution before dispatch, so Android only needs what it runs: ids, the
 * execution budget and the action list. What cannot be correlated (not JSON,
 * no `commandId`/`taskId`, no action list) produces no result at all, like the
 * real receiver, which logs nothing it could be matched on; the host then sees
 * RESULT_ENVELOPE_TIMEOUT.
 */
import { LIMITS } from '../../contract/limits.js';

export interface RawAction {
  id: string;
  type: string;
  params: unknown;
}

export interface RawExecution {
  commandId: string;
  taskId: string;
  /** Execution budget after the Android clamp to `[1000, 120000]`; 30000 when absent (003:1378, 7196-7210). */
  timeoutMs: number;
  actions: RawAction[];
}

export const DEFAULT_EXECUTION_TIMEOUT_MS = 30_000;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nonBlank(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

/** Parses the payload extra; `undefined` means the Operator cannot answer it. */
export function parsePayload(payload: string): RawExecution | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    return undefined;
  }
  if (!isRecord(parsed) || !nonBlank(parsed.commandId) || !nonBlank(parsed.taskId)) return undefined;
  if (!Array.isArray(parsed.actions)) return undefined;
  const timeout =
    typeof parsed.timeoutMs === 'number' && Number.isFinite(parsed.timeoutMs) ? parsed.timeoutMs : NaN;
  const timeoutMs = Number.isNaN(timeout)
    ? DEFAULT_EXECUTION_TIMEOUT_MS
    : Math.min(LIMITS.MAX_EXECUTION_TIMEOUT_MS, Math.max(LIMITS.MIN_EXECUTION_TIMEOUT_MS, timeout));
  const actions = parsed.actions.map((action, index): RawAction => {
    const record = isRecord(action) ? action : {};
    return {
      id: typeof record.id === 'string' ? record.id : `action-${index}`,
      type: typeof record.type === 'string' ? record.type : '',
      params: record.params,
    };
  });
  return { commandId: parsed.commandId, taskId: parsed.taskId, timeoutMs, actions };
}
