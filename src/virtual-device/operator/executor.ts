/**
 * Runs one parsed execution against the platform and builds its envelope
 * (seed 003:1630-1653 "How status and stepResults Relate", "Execution Flow").
 *
 * Order: resolve every action type, read every action's params (Android
 * parses the whole command before running any of it), check readiness for the
 * whole execution (no prefix runs when it fails, seed 001:16), then run the
 * actions in order under the command budget.
 */
import { isDroidproofError } from '../../contract/errors.js';
import type { ActionContext, ActionGates, AnyActionSpec } from './context.js';
import {
  buildEnvelope,
  type ResultEnvelope,
  type StepData,
  StepFailure,
  type StepResult,
  thrownStep,
} from './envelope.js';
import type { OperatorState } from './operator-state.js';
import { ParamReader } from './params.js';
import type { RawAction, RawExecution } from './payload.js';
import type { OperatorPlatform } from './platform.js';

export interface ExecuteOptions {
  platform: OperatorPlatform;
  state: OperatorState;
  actions: ReadonlyMap<string, AnyActionSpec>;
  /** Called before action `index` runs; throwing ends the execution without an envelope (crash fault). */
  beforeAction?: (index: number) => void;
  /**
   * A payload whose actions cannot be parsed (unknown type, bad params): answered
   * with a failed envelope, or not at all (resolves undefined), per the dialect.
   */
  unparseable?: 'envelope' | 'silent';
  /** The action type the Operator runs for a raw `type` (its case rule and aliases); undefined: unknown. */
  resolveType?: (type: string) => string | undefined;
  /** Whether a failed step of this action type lets the run go on (default: always). */
  returnsFailure?: (type: string) => boolean;
}

/** Reason the command signal carries when the budget expires. */
class CommandTimeout extends Error {}

const DOCTOR_PING = 'doctor_ping';

function readinessFailure(
  execution: RawExecution,
  gates: ActionGates,
  platform: OperatorPlatform,
): { code: string; message: string } | undefined {
  const device = platform.deviceState();
  const onlyPing = execution.actions.every((action) => action.type === DOCTOR_PING);
  if (!device.userUnlocked && !onlyPing) {
    return { code: 'DEVICE_USER_NOT_UNLOCKED', message: 'The Android user has not been unlocked since boot' };
  }
  if (gates.accessibility && !platform.accessibilityConnected()) {
    return { code: 'SERVICE_UNAVAILABLE', message: 'Accessibility service is not available' };
  }
  if (gates.interactive && (!device.screenOn || device.deviceLocked)) {
    return { code: 'DEVICE_NOT_INTERACTIVE', message: 'Device is not ready for interactive automation' };
  }
  return undefined;
}

function unionGates(specs: readonly AnyActionSpec[]): ActionGates {
  return {
    accessibility: specs.some((spec) => spec.gates.accessibility),
    interactive: specs.some((spec) => spec.gates.interactive),
  };
}

/** Ends the budget timer of a finished execution (nobody sees the reason). */
const EXECUTION_FINISHED = Symbol('execution finished');

/** Executes; resolves with the envelope to publish, or undefined when the payload goes unanswered. */
export async function execute(
  execution: RawExecution,
  options: ExecuteOptions,
): Promise<ResultEnvelope | undefined> {
  const { platform, state } = options;
  const ids = { commandId: execution.commandId, taskId: execution.taskId };
  const rejected = (code: string, message: string) =>
    options.unparseable === 'silent' ? undefined : buildEnvelope(ids, [], { code, message });
  const specs: AnyActionSpec[] = [];
  const actions: RawAction[] = [];
  for (const action of execution.actions) {
    const type = options.resolveType ? options.resolveType(action.type) : action.type;
    const spec = type === undefined ? undefined : options.actions.get(type);
    if (!spec) return rejected('EXECUTION_ACTION_UNSUPPORTED', `Unsupported action type: ${action.type}`);
    specs.push(spec);
    actions.push({ ...action, type: spec.type });
  }
  execution = { ...execution, actions };
  if (specs.length === 0) return rejected('EXECUTION_VALIDATION_FAILED', 'actions must not be empty');
  let parsed: unknown[];
  try {
    parsed = execution.actions.map((action, i) =>
      specs[i].parse(new ParamReader(action.id, action.type, action.params)),
    );
  } catch (error) {
    if (!isDroidproofError(error)) throw error;
    return rejected(error.code, error.message);
  }
  const notReady = readinessFailure(execution, unionGates(specs), platform);
  if (notReady) return buildEnvelope(ids, [], notReady);

  const command = new AbortController();
  const budget = new AbortController();
  platform
    .sleep(execution.timeoutMs, budget.signal)
    .then(() => command.abort(new CommandTimeout(`Command timed out after ${execution.timeoutMs} ms`)))
    .catch(() => undefined);
  const steps: StepResult[] = [];
  try {
    for (let index = 0; index < execution.actions.length; index++) {
      if (command.signal.aborted) return timedOut(ids, steps, command.signal);
      options.beforeAction?.(index);
      const action = execution.actions[index];
      const step = { id: action.id, type: action.type };
      const evidence: StepData = {};
      const ctx: ActionContext = {
        platform,
        state,
        signal: command.signal,
        evidence,
        previousType: execution.actions[index - 1]?.type,
        sleep: (ms) => platform.sleep(ms, command.signal),
        startedAt: platform.now(),
      };
      try {
        const result = await specs[index].run(ctx, step, parsed[index]);
        steps.push(result);
        if (!result.success && options.returnsFailure && !options.returnsFailure(step.type)) {
          const code = result.data.errorCode ?? result.data.error ?? 'ACTION_FAILED';
          return buildEnvelope(ids, steps, { code, message: result.data.message ?? code });
        }
      } catch (error) {
        if (command.signal.aborted) {
          const reason = command.signal.reason as Error;
          steps.push(thrownStep(step, new StepFailure('COMMAND_TIMEOUT', reason.message, evidence)));
          return timedOut(ids, steps, command.signal);
        }
        const failure =
          error instanceof StepFailure
            ? error
            : new StepFailure(
                'ACTION_FAILED',
                error instanceof Error ? error.message : String(error),
                evidence,
              );
        steps.push(thrownStep(step, failure));
        return buildEnvelope(ids, steps, { code: failure.code, message: failure.message });
      }
    }
    if (command.signal.aborted) return timedOut(ids, steps, command.signal);
    return buildEnvelope(ids, steps);
  } finally {
    // A given reason: the default one is a DOMException, whose stack capture costs ~0.1 ms per command.
    budget.abort(EXECUTION_FINISHED);
  }
}

function timedOut(ids: { commandId: string; taskId: string }, steps: StepResult[], signal: AbortSignal) {
  return buildEnvelope(ids, steps, { code: 'COMMAND_TIMEOUT', message: (signal.reason as Error).message });
}
