/**
 * NodeMatcher matching (seed 003:3726-3737, 3779-3795).
 *
 * Scalar fields: `resourceId`, `textEquals` and `contentDescEquals` are exact
 * and case-sensitive; `role`, `textContains` and `contentDescContains` ignore
 * case. Text fields compare against the node's label (text, else content
 * description, else ""). Absent attributes compare as "". All supplied fields
 * and relationships combine with AND. `ancestor` is any strict ancestor in the
 * structural tree; `descendant` any strict descendant that is a candidate under
 * the request's visibility. Self never satisfies either.
 */
import type { NodeMatcher, NodePredicate } from '../matcher.js';
import { nodeLabel } from './label.js';
import type { UiNode } from './node.js';
import { roleOfClass } from './role.js';
import { isCandidate, type TreeIndex, type Visibility } from './tree-index.js';

/** Case folding for the case-insensitive fields: locale-independent Unicode lower case. */
export function foldCase(value: string): string {
  return value.toLowerCase();
}

/** Tests a predicate's scalar fields against one node. */
export function matchesPredicate(node: UiNode, predicate: NodePredicate): boolean {
  if (predicate.resourceId !== undefined && (node.resourceId ?? '') !== predicate.resourceId) return false;
  if (predicate.role !== undefined && roleOfClass(node.className) !== foldCase(predicate.role)) return false;
  if (predicate.textEquals !== undefined || predicate.textContains !== undefined) {
    const label = nodeLabel(node);
    if (predicate.textEquals !== undefined && label !== predicate.textEquals) return false;
    if (predicate.textContains !== undefined && !foldCase(label).includes(foldCase(predicate.textContains))) {
      return false;
    }
  }
  const description = node.contentDesc ?? '';
  if (predicate.contentDescEquals !== undefined && description !== predicate.contentDescEquals) return false;
  if (
    predicate.contentDescContains !== undefined &&
    !foldCase(description).includes(foldCase(predicate.contentDescContains))
  ) {
    return false;
  }
  return true;
}

/** For each entry: whether some strict ancestor matches (structural, visibility ignored). */
function ancestorFlags(index: TreeIndex, predicate: NodePredicate): Uint8Array {
  const { entries } = index;
  const flags = new Uint8Array(entries.length);
  const parentMatches = new Uint8Array(entries.length);
  for (let i = 0; i < entries.length; i++) {
    parentMatches[i] = matchesPredicate(entries[i].node, predicate) ? 1 : 0;
    const p = entries[i].parent;
    if (p >= 0) flags[i] = flags[p] | parentMatches[p];
  }
  return flags;
}

/** For each entry: whether some strict descendant that is a candidate matches. */
function descendantFlags(index: TreeIndex, predicate: NodePredicate, visibility: Visibility): Uint8Array {
  const { entries } = index;
  const flags = new Uint8Array(entries.length);
  for (let i = entries.length - 1; i >= 0; i--) {
    const entry = entries[i];
    if (entry.parent < 0) continue;
    if (flags[i] || (isCandidate(entry, visibility) && matchesPredicate(entry.node, predicate))) {
      flags[entry.parent] = 1;
    }
  }
  return flags;
}

/**
 * Indices (preorder) of the candidates that match. `matcher` undefined matches
 * every candidate (query_ui without a matcher). `within` restricts results to
 * strict descendants of that entry (container scoping); relationships still use
 * the whole tree (seed 003:3840-3842).
 */
export function findMatches(
  index: TreeIndex,
  matcher: NodeMatcher | undefined,
  visibility: Visibility,
  within?: number,
): number[] {
  const { entries } = index;
  const from = within === undefined ? 0 : within + 1;
  const to = within === undefined ? entries.length - 1 : entries[within].end;
  const ancestors = matcher?.ancestor === undefined ? undefined : ancestorFlags(index, matcher.ancestor);
  const descendants =
    matcher?.descendant === undefined ? undefined : descendantFlags(index, matcher.descendant, visibility);
  const out: number[] = [];
  for (let i = from; i <= to; i++) {
    const entry = entries[i];
    if (!isCandidate(entry, visibility)) continue;
    if (ancestors !== undefined && ancestors[i] === 0) continue;
    if (descendants !== undefined && descendants[i] === 0) continue;
    if (matcher !== undefined && !matchesPredicate(entry.node, matcher)) continue;
    out.push(i);
  }
  return out;
}
