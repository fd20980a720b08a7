/**
 * Cross-checks the indexed matcher (preorder flags, subtree ranges) against a
 * naive tree-walking reading of the same seed rules (003:1978-1983, 3779-3794)
 * on random trees and matchers.
 */
import { describe, expect, it } from 'vitest';
import { prng } from '../../../test/support/prng.js';
import type { NodeMatcher, NodePredicate } from '../matcher.js';
import { findMatches, matchesPredicate } from './match.js';
import type { Bounds, UiNode } from './node.js';
import { buildTreeIndex, type Visibility } from './tree-index.js';

const SCREEN: Bounds = { left: 0, top: 0, right: 100, bottom: 100 };

function randomTree(random: () => number, depth: number): UiNode {
  const pick = <T>(items: T[]): T => items[Math.floor(random() * items.length)];
  const left = Math.floor(random() * 150) - 25;
  const top = Math.floor(random() * 150) - 25;
  const node: UiNode = {
    text: pick(['', 'A', 'a', 'B', undefined]),
    contentDesc: pick(['', 'A', 'x', undefined]),
    resourceId: pick(['id/a', 'id/b', undefined]),
    className: pick(['android.widget.Button', 'android.widget.TextView', 'android.widget.LinearLayout']),
    visibleToUser: pick([true, false, undefined, true]),
    bounds:
      random() < 0.1 ? undefined : { left, top, right: left + Math.floor(random() * 60), bottom: top + 30 },
    children: [],
  };
  const count = depth > 0 ? Math.floor(random() * 4) : 0;
  for (let i = 0; i < count; i++) node.children.push(randomTree(random, depth - 1));
  return node;
}

function randomPredicate(random: () => number): NodePredicate {
  const options: NodePredicate[] = [
    { textEquals: 'A' },
    { textContains: 'a' },
    { resourceId: 'id/a' },
    { role: 'BUTTON' },
    { contentDescEquals: 'x' },
    { role: 'text', textEquals: '' },
  ];
  return options[Math.floor(random() * options.length)];
}

interface Walked {
  node: UiNode;
  path: string;
  ancestors: UiNode[];
  onScreen: boolean;
}

/** The rules read literally, node by node, over the tree. */
function naive(root: UiNode, matcher: NodeMatcher, visibility: Visibility): string[] {
  const all: Walked[] = [];
  const walk = (node: UiNode, path: string, ancestors: UiNode[], parentOnScreen: boolean) => {
    const b = node.bounds;
    const self =
      b !== undefined &&
      node.visibleToUser !== false &&
      Math.min(b.right, SCREEN.right) > Math.max(b.left, SCREEN.left) &&
      Math.min(b.bottom, SCREEN.bottom) > Math.max(b.top, SCREEN.top);
    const onScreen = parentOnScreen && self;
    all.push({ node, path, ancestors, onScreen });
    for (const [i, child] of node.children.entries())
      walk(child, `${path}.${i}`, [...ancestors, node], onScreen);
  };
  walk(root, '0', [], true);
  const candidate = (w: Walked) => visibility === 'all' || w.onScreen || w.ancestors.length === 0;
  return all
    .filter(candidate)
    .filter((w) => matchesPredicate(w.node, matcher))
    .filter(
      (w) =>
        !matcher.ancestor || w.ancestors.some((a) => matchesPredicate(a, matcher.ancestor as NodePredicate)),
    )
    .filter(
      (w) =>
        !matcher.descendant ||
        all.some(
          (d) =>
            d.ancestors.includes(w.node) &&
            candidate(d) &&
            matchesPredicate(d.node, matcher.descendant as NodePredicate),
        ),
    )
    .map((w) => w.path);
}

describe('findMatches agrees with a naive reading of the rules', () => {
  it('on 400 random trees and matchers, both visibilities', () => {
    const random = prng(20261201);
    let nonEmpty = 0;
    for (let round = 0; round < 400; round++) {
      const root = randomTree(random, 4);
      root.bounds = { ...SCREEN };
      const matcher: NodeMatcher = { ...randomPredicate(random) };
      if (random() < 0.5) matcher.ancestor = randomPredicate(random);
      if (random() < 0.5) matcher.descendant = randomPredicate(random);
      const visibility: Visibility = random() < 0.5 ? 'on_screen' : 'all';
      const index = buildTreeIndex({ rotation: 0, roots: [root] }, SCREEN);
      const fast = findMatches(index, matcher, visibility).map((i) => index.entries[i].path);
      expect(fast, JSON.stringify({ round, matcher, visibility })).toEqual(naive(root, matcher, visibility));
      if (fast.length > 0) nonEmpty++;
    }
    expect(nonEmpty).toBeGreaterThan(100);
  });
});
