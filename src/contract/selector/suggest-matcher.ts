/**
 * The most stable NodeMatcher for one node of a captured screen, proven unique
 * there by the selector engine (the same on-screen resolution actions use):
 * its resource id, else its exact text, else its exact content description,
 * else one of those scoped by a nearby ancestor (`ancestor`) or by a labelled
 * descendant (`descendant`, for a clickable row whose text is in a child).
 * Shared by codegen, MCP `query` and anything that shows a node to a person.
 */
import type { NodeMatcher, NodePredicate } from '../matcher.js';
import { NodeMatcherSchema } from '../matcher.js';
import { findMatches } from './match.js';
import type { UiHierarchy, UiNode } from './node.js';
import { buildTreeIndex, type TreeIndex } from './tree-index.js';

/** A node's own predicates, most stable first. */
function ownPredicates(node: UiNode): NodePredicate[] {
  const out: NodePredicate[] = [];
  if (node.resourceId) out.push({ resourceId: node.resourceId });
  if (node.text?.trim()) out.push({ textEquals: node.text });
  if (node.contentDesc?.trim()) out.push({ contentDescEquals: node.contentDesc });
  return out;
}

/** Proper ancestors of entry `at`, nearest first. */
function ancestorsOf(index: TreeIndex, at: number): UiNode[] {
  const out: UiNode[] = [];
  for (let i = index.entries[at].parent; i >= 0; i = index.entries[i].parent) out.push(index.entries[i].node);
  return out;
}

/** Proper descendants of entry `at`, preorder. */
function descendantsOf(index: TreeIndex, at: number): UiNode[] {
  return index.entries.slice(at + 1, index.entries[at].end + 1).map((e) => e.node);
}

/** Candidates in the order the suggestion prefers them. */
function* candidates(index: TreeIndex, at: number): Generator<NodeMatcher> {
  const own = ownPredicates(index.entries[at].node);
  yield* own;
  for (const ancestor of ancestorsOf(index, at)) {
    for (const scope of ownPredicates(ancestor)) for (const p of own) yield { ...p, ancestor: scope };
  }
  for (const descendant of descendantsOf(index, at)) {
    const labels = ownPredicates(descendant).filter((p) => p.resourceId === undefined);
    for (const label of labels) for (const p of own) yield { ...p, descendant: label };
  }
}

/**
 * The suggested matcher for `node` (an object of `hierarchy`), or undefined
 * when no candidate selects exactly that node among the on-screen nodes.
 */
export function suggestMatcher(hierarchy: UiHierarchy, node: UiNode): NodeMatcher | undefined {
  const index = buildTreeIndex(hierarchy);
  const at = index.entries.findIndex((e) => e.node === node);
  if (at < 0) return undefined;
  for (const matcher of candidates(index, at)) {
    if (!NodeMatcherSchema.safeParse(matcher).success) continue;
    const found = findMatches(index, matcher, 'on_screen');
    if (found.length === 1 && found[0] === at) return matcher;
  }
  return undefined;
}
