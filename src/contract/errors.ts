/**
 * The one error type droidproof throws. Every failure carries a stable `code`
 * from the public catalogue (see `error-codes.ts`) and optional structured
 * `details`, so callers branch on `code`, never on message text.
 */
export class DroidproofError extends Error {
  readonly code: string;
  readonly details: Record<string, unknown>;

  constructor(code: string, message: string, details: Record<string, unknown> = {}, options?: ErrorOptions) {
    super(message, options);
    this.name = new.target.name;
    this.code = code;
    this.details = details;
  }

  /** The wire shape of a pre-dispatch error: `{ code, message, details }`. */
  toJSON(): { code: string; message: string; details: Record<string, unknown> } {
    return { code: this.code, message: this.message, details: this.details };
  }
}

export function isDroidproofError(value: unknown): value is DroidproofError {
  return value instanceof DroidproofError;
}
