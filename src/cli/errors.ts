/**
 * CLI usage failures. Both exit with code 1 before any device work (seed 003:1996).
 */
import { DroidproofError } from '../contract/errors.js';

/** Syntax failure: unknown command or flag, repeated flag, flag without its value. */
export class UsageError extends DroidproofError {
  constructor(message: string, details: Record<string, unknown> = {}) {
    super('USAGE', message, details);
  }
}

/** A command is missing a required argument, e.g. `exec` without a payload (003:8011). */
export class MissingArgumentError extends DroidproofError {
  constructor(message: string, details: Record<string, unknown> = {}) {
    super('MISSING_ARGUMENT', message, details);
  }
}
