/**
 * `validateExecution`: the one entry point that turns untrusted input into a
 * normalized, canonical `Execution`, or a typed error whose `details.path`
 * names the offending field. It throws nothing else, whatever the input.
 *
 * Order of checks: JSON-ness of the input, serialized size, alias
 * normalization, then the strict schema (first issue in document order wins).
 */
import type { z } from 'zod';
import { type Execution, ExecutionSchema } from './execution.js';
import { LIMITS } from './limits.js';
import { isJsonRecord, normalizeExecutionInput } from './normalize-input.js';
import { type JsonValue, toPlainJson } from './plain-json.js';
import {
  ExecutionValidationError,
  PayloadTooLargeError,
  type PayloadValidationError,
  type ValidationErrorDetails,
} from './validation-errors.js';

/** Recovery hints for known removed parameters, keyed by `<actionType>.<param>`. */
const REMOVED_PARAM_HINTS: Readonly<Record<string, string>> = {
  'snapshot.format': "'format' was removed from snapshot. Remove this parameter.",
};

function actionAt(normalized: JsonValue, index: unknown): Record<string, JsonValue> | undefined {
  if (!isJsonRecord(normalized) || !Array.isArray(normalized.actions) || typeof index !== 'number')
    return undefined;
  const action = normalized.actions[index];
  return isJsonRecord(action) ? action : undefined;
}

/**
 * Prefixes a schema message with where it happened, in the seed's style
 * (`wait_for_navigation params.timeoutMs must not exceed 30000`).
 */
function withContext(message: string, path: string[], actionType: string | undefined): string {
  if (actionType !== undefined && message.startsWith(actionType)) return message;
  const where = (
    actionType !== undefined ? `${actionType} ${path.slice(2).join('.')}` : path.join('.')
  ).trim();
  const field = path.at(-1);
  if (where === '') return message;
  if (field !== undefined && message.startsWith(`${field} `)) return `${where}${message.slice(field.length)}`;
  return `${where}: ${message}`;
}

/** Whether `path` (`actions.N.params....`) names a parameter the payload leaves out. */
function isMissingParam(normalized: JsonValue, path: readonly string[]): boolean {
  if (path[0] !== 'actions' || path[2] !== 'params' || path.length < 4) return false;
  let value: JsonValue | undefined = normalized;
  for (const key of path) {
    if (value === undefined) return true;
    if (!isJsonRecord(value) && !Array.isArray(value)) return false;
    value = (value as Record<string, JsonValue>)[key];
  }
  return value === undefined;
}

function toValidationError(issue: z.core.$ZodIssue, normalized: JsonValue): ExecutionValidationError {
  const path = issue.path.map(String);
  const details: ValidationErrorDetails = { path: '' };
  let message = issue.message;
  const action = path[0] === 'actions' ? actionAt(normalized, issue.path[1]) : undefined;
  const actionType = typeof action?.type === 'string' ? action.type : undefined;
  if (typeof action?.id === 'string') details.actionId = action.id;
  if (actionType !== undefined) details.actionType = actionType;

  if (issue.code === 'unrecognized_keys') {
    const [first] = issue.keys;
    details.invalidKeys = [...issue.keys];
    const owner = path.length > 2 ? path.slice(2).join('.') : 'action';
    message = `${actionType ?? 'execution'} does not accept ${owner === 'action' ? '' : `${owner}.`}${first}`;
    const hint = REMOVED_PARAM_HINTS[`${actionType}.${first}`];
    if (hint !== undefined) details.hint = hint;
    path.push(first!);
  } else if (
    issue.code === 'invalid_type' &&
    issue.message.startsWith('Invalid input') &&
    actionType !== undefined &&
    isMissingParam(normalized, path)
  ) {
    // The seeds' words for an absent required parameter without a message of its own:
    // "press_key requires params.key" (003:8733), "open_uri requires params.uri" (003:7742).
    message = `${actionType} requires ${path.slice(2).join('.')}`;
  } else if (issue.code === 'invalid_union' && path.at(-1) === 'type' && path.length === 3) {
    message =
      action?.type === undefined
        ? 'action type is required'
        : `unsupported action type ${JSON.stringify(action.type)}`;
  } else {
    message = withContext(message, path, actionType);
  }
  details.path = path.join('.');
  return new ExecutionValidationError(message, details);
}

function validate(input: unknown): Execution {
  const plain = toPlainJson(input);
  const bytes = new TextEncoder().encode(JSON.stringify(plain)).length;
  if (bytes > LIMITS.MAX_PAYLOAD_BYTES) {
    throw new PayloadTooLargeError(
      `payload is ${bytes} serialized bytes; the limit is ${LIMITS.MAX_PAYLOAD_BYTES}`,
      LIMITS.MAX_PAYLOAD_BYTES,
    );
  }
  if (!isJsonRecord(plain)) {
    throw new ExecutionValidationError('execution payload must be a JSON object', { path: '' });
  }
  const normalized = normalizeExecutionInput(plain);
  const parsed = ExecutionSchema.safeParse(normalized);
  if (!parsed.success) throw toValidationError(parsed.error.issues[0]!, normalized);
  return parsed.data;
}

/**
 * Validates and normalizes an execution payload: canonical action types,
 * aliases resolved, six-digit on-screen-log colors expanded. Omitted optional
 * fields stay omitted (Android applies its defaults).
 *
 * @throws ExecutionValidationError (`EXECUTION_VALIDATION_FAILED`) or
 *   PayloadTooLargeError (`PAYLOAD_TOO_LARGE`), never anything else.
 */
export function validateExecution(input: unknown): Execution {
  try {
    return validate(input);
  } catch (error) {
    if (error instanceof ExecutionValidationError || error instanceof PayloadTooLargeError) throw error;
    // A defect in validation itself; surfaced as a typed error, flagged for tests.
    throw new ExecutionValidationError('execution payload could not be validated', {
      path: '',
      internal: true,
    });
  }
}

export type SafeValidationResult =
  | { ok: true; execution: Execution }
  | { ok: false; error: PayloadValidationError };

/** Non-throwing form of `validateExecution`. */
export function safeValidateExecution(input: unknown): SafeValidationResult {
  try {
    return { ok: true, execution: validateExecution(input) };
  } catch (error) {
    return { ok: false, error: error as PayloadValidationError };
  }
}
