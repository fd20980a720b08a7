/**
 * Step results and the result envelope as the Android runtime emits them
 * (seed 003:1472-1645 "Result Envelope", "How status and stepResults Relate";
 * 003:1738-1786 "Action receipts and failure evidence").
 *
 * Two failure shapes exist on Android and the Operator keeps them apart:
 * - a *returned* failed step (`returnedFailure`) is recorded and the sequence
 *   continues; its data carries the code in both `error` and `errorCode` and a
 *   human `message` (003:1776-1779);
 * - a *thrown* failure (`StepFailure`) stops the sequence; the failed step keeps
 *   its id and actionType, `data.errorCode` holds the code and `data.error` the
 *   original message, and the envelope repeats both at top level (003:1770-1774).
 */
import type { ErrorCode } from '../../contract/error-codes.js';
import { DroidproofError } from '../../contract/errors.js';

/*
 * These are the Android-emitted subset of the contract's `ResultEnvelopeSchema`
 * (src/contract/envelope.ts): the runtime never adds the host-only fields, and
 * its step data is strings only. The conformance test validates every
 * envelope against the contract schema.
 */

/** Step data is a string map (003:1735). */
export type StepData = Record<string, string>;

export interface StepResult {
  id: string;
  actionType: string;
  success: boolean;
  data: StepData;
}

export interface ResultEnvelope {
  commandId: string;
  taskId: string;
  status: 'success' | 'failed';
  stepResults: StepResult[];
  error: string | null;
  errorCode: string | null;
}

/** The action a step result belongs to. */
export interface StepIdentity {
  id: string;
  type: string;
}

export function succeeded(action: StepIdentity, data: StepData = {}): StepResult {
  return { id: action.id, actionType: action.type, success: true, data };
}

/** A failed step that lets later actions run (the legacy returned-failure policy). */
export function returnedFailure(
  action: StepIdentity,
  code: string,
  message: string,
  data: StepData = {},
): StepResult {
  return {
    id: action.id,
    actionType: action.type,
    success: false,
    data: { ...data, error: code, errorCode: code, message },
  };
}

/**
 * A failure that stops the execution: thrown by an action, caught by the
 * executor, which records the failed step and ends the envelope with `code`.
 * `data` carries receipt and diagnostic fields gathered before the failure.
 */
export class StepFailure extends DroidproofError {
  readonly data: StepData;

  constructor(code: ErrorCode, message: string, data: StepData = {}) {
    super(code, message, { data });
    this.data = data;
  }
}

/** The step recorded for a thrown failure (003:1770-1774). */
export function thrownStep(action: StepIdentity, failure: StepFailure): StepResult {
  return {
    id: action.id,
    actionType: action.type,
    success: false,
    data: { ...failure.data, errorCode: failure.code, error: failure.message },
  };
}

/** A terminal failure: the thrown code (if any) with the steps collected so far. */
export interface TerminalFailure {
  code: string;
  message: string;
}

/**
 * Builds the Android envelope. Status is `failed` when a terminal failure ended
 * the run or any step failed; for returned failures the top-level `error`
 * names the first failed step the way Node reconciliation does (003:1630-1640,
 * 003:7771), and `errorCode` stays null because the run itself did not fail.
 */
export function buildEnvelope(
  ids: { commandId: string; taskId: string },
  stepResults: StepResult[],
  terminal?: TerminalFailure,
): ResultEnvelope {
  const base = { commandId: ids.commandId, taskId: ids.taskId, stepResults };
  if (terminal) return { ...base, status: 'failed', error: terminal.message, errorCode: terminal.code };
  const firstFailed = stepResults.find((step) => !step.success);
  if (!firstFailed) return { ...base, status: 'success', error: null, errorCode: null };
  const code = firstFailed.data.errorCode ?? firstFailed.data.error ?? 'ACTION_FAILED';
  return {
    ...base,
    status: 'failed',
    error: `Step ${firstFailed.id} (${firstFailed.actionType}) failed: ${code}`,
    errorCode: null,
  };
}
