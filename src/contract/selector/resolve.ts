/**
 * Action-style selection (seed 003:3799-3878): container scoping, first-match
 * vs strict outcomes, and the candidate counts behind `candidate_count` and
 * `selection_warning`.
 *
 * - An explicit container is resolved first, under the same visibility. Zero
 *   containers is CONTAINER_NOT_FOUND; several is CONTAINER_AMBIGUOUS in strict
 *   mode, else the first (preorder) is used.
 * - Targets must be strict descendants of the container; relationships still
 *   use the whole tree.
 * - Zero targets is NODE_NOT_FOUND (callers that keep polling, such as
 *   `wait_for_node`, treat it as "not yet"); several is NODE_AMBIGUOUS in strict
 *   mode, else the first.
 */
import { DroidproofError } from '../errors.js';
import type { NodeMatcher } from '../matcher.js';
import { findMatches } from './match.js';
import type { Bounds, UiHierarchy, UiNode } from './node.js';
import { CANDIDATE_STRING_LIMIT, type NodeSummary, summarizeNode } from './node-summary.js';
import { type SelectionCounts, selectionWarning } from './selection-warning.js';
import { buildTreeIndex, type TreeIndex, type Visibility } from './tree-index.js';

export interface ResolveOptions {
  /** Default `on_screen`: actions always use it (seed 003:3791). */
  visibility?: Visibility;
  /** Reject ambiguity instead of taking the first match. Default false. */
  strict?: boolean;
  /** Optional container matcher: targets must be its strict descendants. */
  container?: NodeMatcher;
  /** Screen rectangle for the eligibility rule; default: the first root's bounds. */
  screen?: Bounds;
}

/** A matched node with its observation-local path. */
export interface ResolvedNode {
  node: UiNode;
  path: string;
  onScreen: boolean;
}

/** Targets selected in a multi-target read (`read_text` with `all=true`). */
export interface Selection {
  /** Every matching target in preorder. */
  matches: ResolvedNode[];
  /** Number of targets found: `matches.length` (`candidate_count`). */
  candidateCount: number;
  /** The container used, when one was requested. */
  container?: ResolvedNode;
  /** Counts of this resolution, for merging across retries. */
  counts: SelectionCounts;
  /** `selection_warning` for this resolution alone, or `null`. */
  warning: string | null;
}

/** A single-target selection. */
export interface Resolution extends Selection {
  /** The selected target: the first match in preorder (`matches[0]`). */
  target: ResolvedNode;
}

/** At most this many candidates are attached to an ambiguity error (seed 003:3866-3867). */
export const MAX_AMBIGUITY_CANDIDATES = 10;

/** Details of the selection errors (NODE_NOT_FOUND, NODE_AMBIGUOUS, CONTAINER_*). */
export interface SelectionErrorDetails {
  [key: string]: unknown;
  candidateCount: number;
  /** At most 10 summaries, strings capped at 512 characters. */
  candidates: NodeSummary[];
  counts: SelectionCounts;
}

/** A failed selection; `details` carries the candidate evidence. */
export class SelectionError extends DroidproofError {
  declare readonly details: SelectionErrorDetails;
}

function selectionError(
  code: 'NODE_NOT_FOUND' | 'NODE_AMBIGUOUS' | 'CONTAINER_NOT_FOUND' | 'CONTAINER_AMBIGUOUS',
  message: string,
  index: TreeIndex,
  found: number[],
  counts: SelectionCounts,
): SelectionError {
  const candidates = found
    .slice(0, MAX_AMBIGUITY_CANDIDATES)
    .map((i) => summarizeNode(index.entries[i], CANDIDATE_STRING_LIMIT));
  return new SelectionError(code, message, { candidateCount: found.length, candidates, counts });
}

function resolved(index: TreeIndex, i: number): ResolvedNode {
  const { node, path, onScreen } = index.entries[i];
  return { node, path, onScreen };
}

function select(
  index: TreeIndex,
  matcher: NodeMatcher,
  options: ResolveOptions,
  allTargets: boolean,
): Selection {
  const visibility = options.visibility ?? 'on_screen';
  const strict = options.strict ?? false;
  const counts: SelectionCounts = { target: 0, container: 0 };
  let within: number | undefined;
  if (options.container !== undefined) {
    const containers = findMatches(index, options.container, visibility);
    counts.container = containers.length;
    if (containers.length === 0) {
      throw selectionError('CONTAINER_NOT_FOUND', 'No container matched', index, containers, counts);
    }
    if (strict && containers.length > 1) {
      const message = `${containers.length} containers matched in strict mode`;
      throw selectionError('CONTAINER_AMBIGUOUS', message, index, containers, counts);
    }
    within = containers[0];
  }
  const targets = findMatches(index, matcher, visibility, within);
  if (!allTargets) {
    counts.target = targets.length;
    if (targets.length === 0)
      throw selectionError('NODE_NOT_FOUND', 'No node matched', index, targets, counts);
    if (strict && targets.length > 1) {
      const message = `${targets.length} nodes matched in strict mode`;
      throw selectionError('NODE_AMBIGUOUS', message, index, targets, counts);
    }
  }
  return {
    matches: targets.map((i) => resolved(index, i)),
    candidateCount: targets.length,
    ...(within === undefined ? {} : { container: resolved(index, within) }),
    counts,
    warning: strict ? null : selectionWarning(counts),
  };
}

/** Resolves a single target over a prebuilt index (reuse one index for several resolutions). */
export function resolveInIndex(
  index: TreeIndex,
  matcher: NodeMatcher,
  options: ResolveOptions = {},
): Resolution {
  const selection = select(index, matcher, options, false);
  return { ...selection, target: selection.matches[0] };
}

/**
 * Resolves `matcher` in a hierarchy the way node-targeted actions do. Throws
 * `SelectionError` (a `DroidproofError`) with code NODE_NOT_FOUND,
 * NODE_AMBIGUOUS, CONTAINER_NOT_FOUND or CONTAINER_AMBIGUOUS.
 */
export function resolveNodes(
  hierarchy: UiHierarchy,
  matcher: NodeMatcher,
  options: ResolveOptions = {},
): Resolution {
  return resolveInIndex(buildTreeIndex(hierarchy, options.screen), matcher, options);
}

/**
 * Multi-target selection (`read_text` with `all=true`, seed 003:3823-3824, 3855):
 * zero or several targets are a result and are not warned about; the explicit
 * container must still be found, and be unique in strict mode.
 */
export function resolveAllNodes(
  hierarchy: UiHierarchy,
  matcher: NodeMatcher,
  options: ResolveOptions = {},
): Selection {
  return select(buildTreeIndex(hierarchy, options.screen), matcher, options, true);
}
