/**
 * The on-screen eligibility rule of actions and `query_ui` (seed 003:1978-1983):
 * positive normalized bounds, platform visibility, intersection with the
 * screen, and ancestor pruning (a node under an ineligible ancestor is
 * ineligible). Root retention is applied by the tree index, not here.
 */
import type { Bounds, UiNode } from './node.js';

/**
 * Whether the node itself passes the rule, ignoring its ancestors.
 * "Normalized" bounds are the bounds clipped to the screen: they must have a
 * positive width and height, which is also the screen-intersection test.
 * Unknown bounds fail; an unknown `visible-to-user` passes (older dumps omit it).
 */
export function isSelfEligible(node: UiNode, screen: Bounds | undefined): boolean {
  const { bounds } = node;
  if (bounds === undefined || node.visibleToUser === false) return false;
  if (screen === undefined) return bounds.right > bounds.left && bounds.bottom > bounds.top;
  const left = Math.max(bounds.left, screen.left);
  const top = Math.max(bounds.top, screen.top);
  const right = Math.min(bounds.right, screen.right);
  const bottom = Math.min(bounds.bottom, screen.bottom);
  return right > left && bottom > top;
}

/**
 * The screen when the caller does not give one: the first top-level node's
 * bounds if they have a positive area (the root window of a capture spans the
 * display), else no screen test.
 */
export function defaultScreen(roots: readonly UiNode[]): Bounds | undefined {
  const bounds = roots[0]?.bounds;
  if (bounds === undefined || bounds.right <= bounds.left || bounds.bottom <= bounds.top) return undefined;
  return bounds;
}
