/**
 * Node's input normalization (seed 003:1418-1458): renames top-level key
 * aliases, action-type aliases, parameter-key aliases (except for the
 * alias-free overlay actions) and matcher-field aliases, before strict validation.
 * Operates on plain JSON data (see plain-json.ts) and never mutates it.
 */
import {
  ALIAS_FREE_ACTION_TYPES,
  canonicalActionType,
  EXECUTION_KEY_ALIASES,
  MATCHER_PARAM_KEYS,
  PARAM_KEY_ALIASES,
} from './action-aliases.js';
import { renameAliases } from './key-aliases.js';
import { normalizeMatcherInput } from './matcher.js';
import type { JsonValue } from './plain-json.js';

type JsonRecord = { [key: string]: JsonValue };

export function isJsonRecord(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function normalizeParams(params: JsonRecord): JsonRecord {
  const out = renameAliases(params, PARAM_KEY_ALIASES) as JsonRecord;
  for (const key of MATCHER_PARAM_KEYS) {
    if (Object.hasOwn(out, key)) out[key] = normalizeMatcherInput(out[key]) as JsonValue;
  }
  return out;
}

function normalizeAction(action: JsonValue): JsonValue {
  if (!isJsonRecord(action)) return action;
  const out: JsonRecord = { ...action };
  if (typeof out.type === 'string') out.type = canonicalActionType(out.type);
  const aliasFree = (ALIAS_FREE_ACTION_TYPES as readonly JsonValue[]).includes(out.type ?? null);
  if (isJsonRecord(out.params) && !aliasFree) out.params = normalizeParams(out.params);
  return out;
}

/** Returns the payload with every input alias renamed to its canonical name. */
export function normalizeExecutionInput(input: JsonValue): JsonValue {
  if (!isJsonRecord(input)) return input;
  const out = renameAliases(input, EXECUTION_KEY_ALIASES) as JsonRecord;
  if (Array.isArray(out.actions)) out.actions = out.actions.map(normalizeAction);
  return out;
}
