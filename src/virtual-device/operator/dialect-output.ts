/**
 * What the Operator logs for one envelope in its dialect (src/contract/dialect.ts):
 * the envelope keys that dialect's real app writes, its action names, its
 * receipts or none, and the snapshot XML either in the step data or as
 * separate hierarchy log entries written before the result line.
 */
import {
  contractActionType,
  type EnvelopeShape,
  INTERACTIVE_STATE_KEYS,
  type OperatorDialect,
  RECEIPT_KEYS,
  wireActionType,
} from '../../contract/dialect.js';
import type { ResultEnvelope, StepData, StepResult } from './envelope.js';

/** One logcat entry: its tag and message. */
export interface LogEntry {
  tag: string;
  message: string;
}

/** Longest message Timber hands to `Log.println` at once; longer ones are split at line ends. */
const MAX_LOG_MESSAGE_CHARS = 4000;

/** The envelope JSON object as the dialect's Operator writes it. */
export type WireEnvelope = { commandId: string; taskId: string } & Record<string, unknown>;

/** The step data keys this dialect's Operator does not write for a step of `type`. */
function unwrittenKeys(dialect: OperatorDialect, type: string): ReadonlySet<string> {
  const keys: string[] = [];
  if (!dialect.receipts) keys.push(...RECEIPT_KEYS);
  if (!dialect.reportsInteractiveState && type === 'doctor_ping') keys.push(...INTERACTIVE_STATE_KEYS);
  return new Set(keys);
}

function stepData(data: StepData, unwritten: ReadonlySet<string>): StepData {
  if (unwritten.size === 0) return data;
  const kept: StepData = {};
  for (const [key, value] of Object.entries(data)) if (!unwritten.has(key)) kept[key] = value;
  return kept;
}

function wireStep(step: StepResult, dialect: OperatorDialect): Record<string, unknown> {
  const data = stepData(step.data, unwrittenKeys(dialect, step.actionType));
  const out: Record<string, unknown> = {
    id: step.id,
    actionType: wireActionType(dialect, step.actionType),
    success: step.success,
  };
  if (dialect.envelope.emptyStepData === 'written' || Object.keys(data).length > 0) out.data = data;
  return out;
}

function keepsErrorCode(shape: EnvelopeShape, code: string | null): code is string {
  return code !== null && (shape.errorCodes === 'all' || shape.errorCodes.includes(code));
}

/** The envelope object in the dialect's keys (key order as its real app writes them). */
export function wireEnvelope(envelope: ResultEnvelope, dialect: OperatorDialect): WireEnvelope {
  const shape = dialect.envelope;
  const failedRun = envelope.status === 'failed' && envelope.errorCode !== null;
  const steps =
    failedRun && shape.failedRunSteps === 'dropped'
      ? []
      : envelope.stepResults.map((step) => wireStep(step, dialect));
  const status = failedRun || shape.returnedFailureFailsRun ? envelope.status : 'success';
  const code = keepsErrorCode(shape, envelope.errorCode) ? envelope.errorCode : null;
  const values: Record<string, unknown> = {
    commandId: envelope.commandId,
    taskId: envelope.taskId,
    status,
    stepResults: steps,
    error: status === 'success' ? null : envelope.error,
  };
  if (shape.errorCodeKey === 'always' || code !== null) values.errorCode = code;
  const out: WireEnvelope = { commandId: envelope.commandId, taskId: envelope.taskId };
  for (const key of shape.keyOrder) if (key in values) out[key] = values[key];
  return out;
}

/** One element per line, as a UI Automator style dump prints it. */
function dumpLines(xml: string): string {
  return xml.replace(/></g, '>\n<');
}

/**
 * Splits a long message the way Timber does before `Log.println`: pieces of at
 * most 4000 characters, cut at line ends.
 */
function timberPieces(message: string): string[] {
  if (message.length <= MAX_LOG_MESSAGE_CHARS) return [message];
  const pieces: string[] = [];
  let current = '';
  for (const line of message.split('\n')) {
    if (current !== '' && current.length + 1 + line.length > MAX_LOG_MESSAGE_CHARS) {
      pieces.push(current);
      current = '';
    }
    current = current === '' ? line : `${current}\n${line}`;
  }
  if (current !== '') pieces.push(current);
  return pieces;
}

/**
 * Moves snapshot XML out of the step data when the dialect logs it separately:
 * returns the envelope without it and the hierarchy log entries, in step order.
 */
export function separateSnapshotXml(
  envelope: ResultEnvelope,
  dialect: OperatorDialect,
): { envelope: ResultEnvelope; entries: LogEntry[] } {
  const placement = dialect.snapshotXml;
  if (placement.in === 'step_data') return { envelope, entries: [] };
  const entries: LogEntry[] = [];
  const stepResults = envelope.stepResults.map((step) => {
    if (contractActionType(dialect, step.actionType) !== 'snapshot' || step.data.text === undefined)
      return step;
    const { text, ...data } = step.data;
    const message = `${placement.marker}\n${dumpLines(text)}`;
    for (const piece of timberPieces(message)) entries.push({ tag: placement.tag, message: piece });
    return { ...step, data };
  });
  return { envelope: { ...envelope, stepResults }, entries };
}
