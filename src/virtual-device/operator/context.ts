/**
 * What an action sees while it runs: the platform, the Operator's process
 * state, the execution's abort signal (command timeout) and a scratch
 * `evidence` map. Actions record dispatch receipts in `evidence` as soon as
 * they know them, so a command timeout that interrupts the action still
 * reports what was dispatched (003:1770-1774, 003:2190-2196).
 */
import type { StepData, StepIdentity, StepResult } from './envelope.js';
import type { OperatorState } from './operator-state.js';
import type { ParamReader } from './params.js';
import type { OperatorPlatform } from './platform.js';

export interface ActionContext {
  readonly platform: OperatorPlatform;
  readonly state: OperatorState;
  /** Aborted when the command budget expires. */
  readonly signal: AbortSignal;
  /** Receipt fields gathered so far for the running step. */
  readonly evidence: StepData;
  /** Type of the action before this one in the execution, if any. */
  readonly previousType: string | undefined;
  /** Waits device time, aborted by the command timeout. */
  sleep(ms: number): Promise<void>;
  /** Device elapsed realtime when the running step started. */
  readonly startedAt: number;
}

/** Which readiness gates an action needs (seed 001:16, 003:3265-3274). */
export interface ActionGates {
  /** Needs the accessibility service. */
  accessibility: boolean;
  /** Needs an interactive device (screen on, keyguard dismissed). */
  interactive: boolean;
}

export const UI_GATES: ActionGates = { accessibility: true, interactive: true };
export const BACKGROUND_GATES: ActionGates = { accessibility: false, interactive: false };

/** One action type: how Android reads its params and how it runs. */
export interface ActionSpec<P> {
  readonly type: string;
  readonly gates: ActionGates;
  parse(params: ParamReader): P;
  run(ctx: ActionContext, step: StepIdentity, params: P): Promise<StepResult>;
}

/** Erases the params type for the registry; `defineAction` keeps each `parse`/`run` pair consistent. */
// biome-ignore lint/suspicious/noExplicitAny: a registry of specs with different params types needs an existential
export type AnyActionSpec = ActionSpec<any>;

export function defineAction<P>(spec: ActionSpec<P>): AnyActionSpec {
  return spec;
}
