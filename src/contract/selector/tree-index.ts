/**
 * A flat preorder view of a hierarchy: each node with its path, parent, subtree
 * extent and on-screen eligibility, so matching, relationships and container
 * scoping are index arithmetic instead of tree walks.
 *
 * Paths are child indices in the captured tree joined by `.`, the first
 * top-level node being `"0"`; they keep their original indices whatever the
 * visibility (seed 003:1972-1975).
 */
import type { QUERY_VISIBILITIES } from '../actions/capture.js';
import { defaultScreen, isSelfEligible } from './eligibility.js';
import type { Bounds, UiHierarchy, UiNode } from './node.js';

/** `on_screen` (the action rule) or `all` captured nodes (seed 003:1891, 3790-3792). */
export type Visibility = (typeof QUERY_VISIBILITIES)[number];

export interface IndexedNode {
  node: UiNode;
  path: string;
  /** Index of the parent entry; -1 for a top-level node. */
  parent: number;
  /** Index of the last entry of this node's subtree (itself when a leaf). */
  end: number;
  /** The eligibility rule including ancestor pruning (query_ui `onScreen`). */
  onScreen: boolean;
}

export interface TreeIndex {
  entries: IndexedNode[];
  screen: Bounds | undefined;
}

/** Flattens a hierarchy in preorder. `screen` defaults to `defaultScreen(roots)`. */
export function buildTreeIndex(hierarchy: UiHierarchy, screen?: Bounds): TreeIndex {
  const effectiveScreen = screen ?? defaultScreen(hierarchy.roots);
  const entries: IndexedNode[] = [];
  // Explicit stack: trees built in code are not depth-limited like parsed XML.
  const stack: { node: UiNode; path: string; parent: number }[] = [];
  for (let i = hierarchy.roots.length - 1; i >= 0; i--)
    stack.push({ node: hierarchy.roots[i], path: `${i}`, parent: -1 });
  while (stack.length > 0) {
    const { node, path, parent } = stack.pop() as (typeof stack)[number];
    const index = entries.length;
    const parentOnScreen = parent === -1 || entries[parent].onScreen;
    entries.push({
      node,
      path,
      parent,
      end: index,
      onScreen: parentOnScreen && isSelfEligible(node, effectiveScreen),
    });
    for (let c = node.children.length - 1; c >= 0; c--) {
      stack.push({ node: node.children[c], path: `${path}.${c}`, parent: index });
    }
  }
  // Preorder: a subtree ends where the parent's last child's subtree ends.
  for (let i = entries.length - 1; i >= 0; i--) {
    const { parent } = entries[i];
    if (parent >= 0 && entries[parent].end < entries[i].end) entries[parent].end = entries[i].end;
  }
  return { entries, screen: effectiveScreen };
}

/**
 * Whether an entry is a candidate under a visibility: everything for `all`;
 * for `on_screen`, eligible nodes plus the root, which is retained even when
 * ineligible while its descendants are pruned (seed 003:1980-1981).
 */
export function isCandidate(entry: IndexedNode, visibility: Visibility): boolean {
  return visibility === 'all' || entry.onScreen || entry.parent === -1;
}
