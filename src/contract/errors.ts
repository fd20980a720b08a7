/**
 * The one error type droidproof throws. Every failure carries a stable `code`
 * from the public catalogue (see `error-codes.ts`) and optional structured
 * `details`, so callers branch on `code`, never on message text. Messages do
 * not show droidproof's own install paths (own-paths.ts).
 */
import type { ErrorCode } from './error-codes.js';
import { withoutOwnPaths } from './own-paths.js';

export class DroidproofError extends Error {
  readonly code: ErrorCode;
  readonly details: Record<string, unknown>;

  constructor(
    code: ErrorCode,
    message: string,
    details: Record<string, unknown> = {},
    options?: ErrorOptions,
  ) {
    super(withoutOwnPaths(message), options);
    this.name = new.target.name;
    this.code = code;
    this.details = details;
  }

  /** The wire shape of a pre-dispatch error: `{ code, message, details }`. */
  toJSON(): { code: ErrorCode; message: string; details: Record<string, unknown> } {
    return { code: this.code, message: this.message, details: this.details };
  }
}

export function isDroidproofError(value: unknown): value is DroidproofError {
  return value instanceof DroidproofError;
}
