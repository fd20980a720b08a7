/**
 * Serve-layer wrapper errors (seed 003 "Error Layers"): route-local request
 * checks and global middleware failures. They carry their HTTP status and are
 * not part of the shared execution contract.
 */
import type { ErrorCode } from '../contract/error-codes.js';
import { DroidproofError } from '../contract/errors.js';

export class ServeRequestError extends DroidproofError {
  constructor(
    readonly httpStatus: number,
    code: ErrorCode,
    message: string,
    details: Record<string, unknown> = {},
  ) {
    super(code, message, details);
  }
}

/** The wire shape of every serve failure: `{ ok: false, error: { code, message, details? } }`. */
export function errorBody(error: DroidproofError): {
  ok: false;
  error: { code: ErrorCode; message: string; details?: Record<string, unknown> };
} {
  const details = Object.keys(error.details).length > 0 ? { details: error.details } : {};
  return { ok: false, error: { code: error.code, message: error.message, ...details } };
}
