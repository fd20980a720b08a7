/**
 * Errors of one execution. Every failure after validation carries where it
 * happened (`phase`) and whether the payload reached the device
 * (`dispatchState`, seed 003 "Execution failure evidence"), plus the envelope
 * and failed step when an envelope arrived.
 */
import type { ErrorCode } from '../../contract/error-codes.js';
import { DroidproofError } from '../../contract/errors.js';
import type { ResultEnvelope, StepResult } from './envelope.js';

export type ExecutionPhase = 'readiness' | 'dispatch' | 'result_wait' | 'post_processing' | 'result';
/** `dispatched`: acknowledged or a correlated result arrived; `unknown`: no conclusive evidence either way. */
export type DispatchState = 'not_dispatched' | 'dispatched' | 'unknown';

export interface ExecutionFailure {
  phase: ExecutionPhase;
  dispatchState: DispatchState;
  commandId?: string;
  taskId?: string;
  envelope?: ResultEnvelope;
  failedStep?: StepResult;
  /** The code the Operator put in its envelope, verbatim (any string; `code` is its catalogue code). */
  deviceCode?: string;
}

export class ExecutionFailedError extends DroidproofError {
  readonly phase: ExecutionPhase;
  readonly dispatchState: DispatchState;
  readonly commandId: string | undefined;
  readonly envelope: ResultEnvelope | undefined;
  readonly failedStep: StepResult | undefined;
  /** The Operator's own code when the failure came from its envelope (docs/contract.md, "Device-reported codes"). */
  readonly deviceCode: string | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    failure: ExecutionFailure,
    details: Record<string, unknown> = {},
    options?: ErrorOptions,
  ) {
    super(
      code,
      message,
      {
        ...details,
        phase: failure.phase,
        dispatchState: failure.dispatchState,
        commandId: failure.commandId,
        taskId: failure.taskId,
        ...(failure.deviceCode === undefined ? {} : { deviceCode: failure.deviceCode }),
      },
      options,
    );
    this.phase = failure.phase;
    this.dispatchState = failure.dispatchState;
    this.commandId = failure.commandId;
    this.envelope = failure.envelope;
    this.failedStep = failure.failedStep;
    this.deviceCode = failure.deviceCode;
  }

  /** Re-labels any DroidproofError raised during an execution with the execution's evidence. */
  static from(error: unknown, failure: ExecutionFailure): ExecutionFailedError {
    if (error instanceof ExecutionFailedError) return error;
    if (error instanceof DroidproofError) {
      return new ExecutionFailedError(error.code, error.message, failure, error.details, { cause: error });
    }
    const message = error instanceof Error ? error.message : String(error);
    return new ExecutionFailedError('RESULT_TRANSPORT_FAILED', message, failure, {}, { cause: error });
  }
}
