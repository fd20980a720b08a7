/**
 * The host's side of an Operator dialect (src/contract/dialect.ts): the
 * payload in the Operator's action names, refused before dispatch when the
 * Operator would not run an action, and the envelope read back into contract
 * terms (action names, snapshot XML from hierarchy log lines when the
 * dialect logs it there).
 */
import {
  contractActionType,
  type OperatorDialect,
  supportsAction,
  wireActionType,
} from '../../contract/dialect.js';
import type { Execution } from '../../contract/execution.js';
import type { ResultEnvelope, StepData } from './envelope.js';
import { ExecutionFailedError } from './errors.js';

/** The payload JSON in the dialect's action names; throws EXECUTION_ACTION_UNSUPPORTED first. */
export function wirePayload(execution: Execution, dialect: OperatorDialect): string {
  const unsupported = execution.actions.find((action) => !supportsAction(dialect, action.type));
  if (unsupported) {
    throw new ExecutionFailedError(
      'EXECUTION_ACTION_UNSUPPORTED',
      `The ${dialect.name} Operator does not run ${unsupported.type}`,
      { phase: 'dispatch', dispatchState: 'not_dispatched', commandId: execution.commandId },
      { actionId: unsupported.id, actionType: unsupported.type, dialect: dialect.name },
    );
  }
  const actions = execution.actions.map((action) => ({
    ...action,
    type: wireActionType(dialect, action.type),
  }));
  return JSON.stringify({ ...execution, actions });
}

/**
 * The envelope in contract terms: step action names mapped back, and, when
 * the dialect logs hierarchies separately, the captures taken during this
 * command attached as `data.text` to the successful snapshot steps that lack
 * it, last capture to last step (seed 003:4998-5002: never replacing an
 * explicit `data.text`).
 */
export function contractEnvelope(
  envelope: ResultEnvelope,
  dialect: OperatorDialect,
  hierarchyLogs: readonly string[],
): ResultEnvelope {
  const stepResults = envelope.stepResults.map((step) => ({
    ...step,
    actionType: contractActionType(dialect, step.actionType),
  }));
  if (dialect.snapshotXml.in === 'log') {
    let capture = hierarchyLogs.length - 1;
    for (let i = stepResults.length - 1; i >= 0 && capture >= 0; i--) {
      const step = stepResults[i];
      if (step.actionType !== 'snapshot' || !step.success || step.data.text !== undefined) continue;
      const data: Record<string, unknown> = { ...step.data, text: hierarchyLogs[capture] };
      stepResults[i] = { ...step, data: data as StepData };
      capture--;
    }
  }
  return { ...envelope, stepResults };
}
