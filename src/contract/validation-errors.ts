/**
 * The typed errors of payload validation. Both carry `details.path`, the dotted
 * path of the offending field in canonical key names (`""` = payload root).
 */
import { DroidproofError } from './errors.js';

export interface ValidationErrorDetails extends Record<string, unknown> {
  /** Dotted path, e.g. `actions.0.params.timeoutMs`. */
  path: string;
  /** Id of the action the path points into, when it is a string. */
  actionId?: string;
  /** Canonical type (or the raw string when unknown) of that action. */
  actionType?: string;
  /** Offending unknown keys, for strict-shape violations. */
  invalidKeys?: string[];
  /** Recovery hint when one is known (e.g. the removed snapshot `format`). */
  hint?: string;
}

/** The payload is structurally wrong before any dispatch (`EXECUTION_VALIDATION_FAILED`). */
export class ExecutionValidationError extends DroidproofError {
  declare readonly details: ValidationErrorDetails;
  constructor(message: string, details: ValidationErrorDetails) {
    super('EXECUTION_VALIDATION_FAILED', message, details);
  }
}

/** The serialized payload exceeds the 64000-byte request limit (`PAYLOAD_TOO_LARGE`). */
export class PayloadTooLargeError extends DroidproofError {
  declare readonly details: ValidationErrorDetails & { limitBytes: number };
  constructor(message: string, limitBytes: number) {
    super('PAYLOAD_TOO_LARGE', message, { path: '', limitBytes });
  }
}

export type PayloadValidationError = ExecutionValidationError | PayloadTooLargeError;
