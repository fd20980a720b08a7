/**
 * Status reconciliation (seed 003 "How `status` and `stepResults` Relate"):
 * 1. a typed runtime terminal failure is authoritative: status, errorCode,
 *    message and collected steps are kept;
 * 2. otherwise the first failed step makes the envelope `failed`, with `error`
 *    naming that step (and ON_SCREEN_LOG_* codes copied to `errorCode`, 003:8133);
 * 3. otherwise the envelope is `success`, top-level error state cleared and
 *    `hint` removed.
 * A failed envelope with no steps and no code (a zero-step runtime failure) is
 * kept failed: the seeds list it as a legitimate terminal shape.
 */
import { firstFailedStep, type ResultEnvelope, type StepResult } from './envelope.js';

/**
 * The code a failed step reports: `data.errorCode`, then the step's own
 * `errorCode`, falling back to a legacy code-shaped `data.error` (003:1616-1618).
 */
export function stepErrorCode(step: StepResult): string | undefined {
  const { errorCode, error } = step.data;
  if (typeof errorCode === 'string' && errorCode !== '') return errorCode;
  if (typeof step.errorCode === 'string' && step.errorCode !== '') return step.errorCode;
  if (typeof error === 'string' && /^[A-Z][A-Z0-9_]*$/.test(error)) return error;
  return undefined;
}

export function reconcileEnvelope(envelope: ResultEnvelope): ResultEnvelope {
  const typedTerminal =
    envelope.status === 'failed' && typeof envelope.errorCode === 'string' && envelope.errorCode;
  if (typedTerminal) return envelope;
  const failed = firstFailedStep(envelope);
  if (failed) {
    const code = stepErrorCode(failed) ?? 'ACTION_FAILED';
    const reconciled: ResultEnvelope = {
      ...envelope,
      status: 'failed',
      error: `Step ${failed.id} (${failed.actionType}) failed: ${code}`,
    };
    if (code.startsWith('ON_SCREEN_LOG_')) reconciled.errorCode = code;
    return reconciled;
  }
  if (envelope.status === 'failed' && envelope.stepResults.length === 0) return envelope;
  const { hint: _hint, ...rest } = envelope;
  return { ...rest, status: 'success', error: null, errorCode: null };
}
