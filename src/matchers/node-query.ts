/**
 * One node-matcher attempt: a fresh observation, indexed, and the matcher
 * resolved in it under the query's visibility, container and strictness.
 */

import { DroidproofError } from '../contract/errors.js';
import type { NodeMatcher } from '../contract/matcher.js';
import { NodeMatcherSchema, normalizeMatcherInput } from '../contract/matcher.js';
import { findMatches } from '../contract/selector/match.js';
import { buildTreeIndex, type TreeIndex, type Visibility } from '../contract/selector/tree-index.js';
import { messageOf } from '../evidence/error-message.js';
import type { Observation } from './ports.js';

export interface NodeQuery {
  matcher: NodeMatcher;
  /** `on_screen` (default) or `all`. */
  visibility: Visibility;
  /** Fail (positive forms) when more than one node matches. */
  strict: boolean;
  /** Only nodes under the first node matching this container count. */
  container?: NodeMatcher;
}

export interface NodeQueryOptions {
  visibility?: Visibility;
  strict?: boolean;
  container?: NodeMatcher;
}

/** What one attempt saw. */
export interface NodeSnapshot {
  observation: Observation | null;
  index: TreeIndex | null;
  /** Matching entries (indices into `index.entries`), preorder. */
  matches: number[];
  /** Containers found, when a container was requested. */
  containerCount: number | null;
  /** Index of the container used (the first found). */
  within: number | null;
  /** Why the observation could not be used. */
  error: string | null;
}

/** Validates and normalizes a matcher (aliases such as `text` accepted) or throws MATCHER_INVALID. */
export function parseNodeMatcher(input: unknown): NodeMatcher {
  const parsed = NodeMatcherSchema.safeParse(normalizeMatcherInput(input));
  if (!parsed.success) {
    throw new DroidproofError(
      'MATCHER_INVALID',
      `invalid node matcher ${JSON.stringify(input)}: ${parsed.error.issues[0]?.message}`,
      {
        matcher: input,
      },
    );
  }
  return parsed.data;
}

export function nodeQuery(matcher: unknown, options: NodeQueryOptions = {}): NodeQuery {
  return {
    matcher: parseNodeMatcher(matcher),
    visibility: options.visibility ?? 'on_screen',
    strict: options.strict ?? false,
    ...(options.container ? { container: parseNodeMatcher(options.container) } : {}),
  };
}

export function failedSnapshot(error: string, observation: Observation | null = null): NodeSnapshot {
  return { observation, index: null, matches: [], containerCount: null, within: null, error };
}

/** Resolves the query in one observation; observations older than `notBeforeMs` are refused. */
export function resolveQuery(query: NodeQuery, observation: Observation, notBeforeMs: number): NodeSnapshot {
  if (observation.takenAtMs < notBeforeMs) {
    return failedSnapshot(
      `observation taken ${notBeforeMs - observation.takenAtMs} ms before the matcher started`,
    );
  }
  const index = buildTreeIndex(observation.hierarchy);
  let within: number | undefined;
  let containerCount: number | null = null;
  if (query.container) {
    const containers = findMatches(index, query.container, query.visibility);
    containerCount = containers.length;
    if (containers.length === 0)
      return { observation, index, matches: [], containerCount, within: null, error: null };
    within = containers[0];
  }
  const matches = findMatches(index, query.matcher, query.visibility, within);
  return { observation, index, matches, containerCount, within: within ?? null, error: null };
}

/** Observes once and resolves; a failed observation becomes an undecided snapshot. */
export async function observeQuery(
  observe: () => Promise<Observation>,
  query: NodeQuery,
  notBeforeMs: number,
): Promise<NodeSnapshot> {
  try {
    return resolveQuery(query, await observe(), notBeforeMs);
  } catch (error) {
    const code = error instanceof DroidproofError ? `${error.code}: ` : '';
    return failedSnapshot(`observation failed: ${code}${messageOf(error)}`);
  }
}
