/**
 * The NodeMatcher selector (seed 003 "NodeMatcher Contract", "Relational Matching").
 *
 * A `NodePredicate` holds up to six scalar fields; a `NodeMatcher` adds optional
 * `ancestor` / `descendant` predicates. Both are strict (unknown keys rejected)
 * and never empty. Raw-JSON field aliases (`resource_id`, `text`, ...) are
 * renamed by `normalizeMatcherInput` before the strict schema runs.
 */
import { z } from 'zod';
import { type AliasTable, renameAliases } from './key-aliases.js';
import { LIMITS } from './limits.js';
import { utf16String } from './utf16.js';

/** The six scalar matcher fields, in documentation order. */
export const MATCHER_SCALAR_FIELDS = [
  'resourceId',
  'role',
  'textEquals',
  'textContains',
  'contentDescEquals',
  'contentDescContains',
] as const;
export type MatcherScalarField = (typeof MATCHER_SCALAR_FIELDS)[number];

/** Raw JSON matcher-field aliases (seed 003:3746-3754). */
export const MATCHER_FIELD_ALIASES: AliasTable = {
  id: 'resourceId',
  resource_id: 'resourceId',
  text: 'textEquals',
  text_contains: 'textContains',
  content_desc: 'contentDescEquals',
  content_desc_equals: 'contentDescEquals',
  description: 'contentDescEquals',
  accessibility_label: 'contentDescEquals',
  content_desc_contains: 'contentDescContains',
  description_contains: 'contentDescContains',
  accessibility_label_contains: 'contentDescContains',
};

const matcherValue = utf16String(
  0,
  LIMITS.MAX_MATCHER_VALUE_LENGTH,
  `matcher values are at most ${LIMITS.MAX_MATCHER_VALUE_LENGTH} characters`,
);

const scalarShape = {
  resourceId: matcherValue.optional(),
  role: matcherValue.optional(),
  textEquals: matcherValue.optional(),
  textContains: matcherValue.optional(),
  contentDescEquals: matcherValue.optional(),
  contentDescContains: matcherValue.optional(),
};

function hasNonblankScalar(value: Partial<Record<MatcherScalarField, string | undefined>>): boolean {
  return MATCHER_SCALAR_FIELDS.some((field) => (value[field]?.trim().length ?? 0) > 0);
}

/** A relationship predicate: scalar fields only, at least one nonblank. */
export const NodePredicateSchema = z
  .strictObject(scalarShape)
  .refine(hasNonblankScalar, { message: 'a selector predicate requires at least one nonblank field' });
export type NodePredicate = z.infer<typeof NodePredicateSchema>;

/** The selector used by `matcher`, `container`, `expectedNode` and `labelMatcher`. */
export const NodeMatcherSchema = z
  .strictObject({
    ...scalarShape,
    ancestor: NodePredicateSchema.optional(),
    descendant: NodePredicateSchema.optional(),
  })
  .refine((m) => hasNonblankScalar(m) || m.ancestor !== undefined || m.descendant !== undefined, {
    message: 'a matcher requires at least one nonblank field or an ancestor/descendant predicate',
  });
export type NodeMatcher = z.infer<typeof NodeMatcherSchema>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Renames matcher-field aliases, also inside `ancestor` / `descendant`
 * (the seeds are silent there; accepting the same aliases is the least surprising).
 * Non-object input is returned unchanged for the schema to reject.
 */
export function normalizeMatcherInput(input: unknown): unknown {
  if (!isRecord(input)) return input;
  const out = renameAliases(input, MATCHER_FIELD_ALIASES);
  for (const relation of ['ancestor', 'descendant'] as const) {
    if (isRecord(out[relation])) out[relation] = renameAliases(out[relation], MATCHER_FIELD_ALIASES);
  }
  return out;
}
