import { describe, expect, it } from 'vitest';
import type { UiNode } from './node.js';
import { buildTreeIndex, isCandidate } from './tree-index.js';

const leaf = (text: string, top: number, extra: Partial<UiNode> = {}): UiNode => ({
  text,
  bounds: { left: 0, top, right: 100, bottom: top + 10 },
  children: [],
  ...extra,
});

describe('buildTreeIndex (seed 003:1970-1983)', () => {
  const tree: UiNode = {
    bounds: { left: 0, top: 0, right: 100, bottom: 100 },
    children: [
      { ...leaf('a', 0), children: [leaf('a0', 0), leaf('a1', 10, { visibleToUser: false })] },
      { ...leaf('b', 500), children: [leaf('b0', 0)] },
      leaf('c', 20),
    ],
  };
  const { entries, screen } = buildTreeIndex({ rotation: 0, roots: [tree] });

  it('lists nodes in preorder with child-index paths rooted at "0"', () => {
    expect(entries.map((e) => e.path)).toEqual(['0', '0.0', '0.0.0', '0.0.1', '0.1', '0.1.0', '0.2']);
    expect(entries.map((e) => e.parent)).toEqual([-1, 0, 1, 1, 0, 4, 0]);
  });

  it('records where each subtree ends', () => {
    expect(entries.map((e) => e.end)).toEqual([6, 3, 2, 3, 5, 5, 6]);
  });

  it('prunes descendants of ineligible nodes', () => {
    expect(entries.map((e) => e.onScreen)).toEqual([true, true, true, false, false, false, true]);
    expect(screen).toEqual({ left: 0, top: 0, right: 100, bottom: 100 });
  });

  it('retains the root under on_screen even when it is ineligible', () => {
    const hidden = buildTreeIndex({ rotation: 0, roots: [{ ...tree, visibleToUser: false }] });
    expect(hidden.entries[0].onScreen).toBe(false);
    expect(hidden.entries.filter((e) => isCandidate(e, 'on_screen')).map((e) => e.path)).toEqual(['0']);
    expect(hidden.entries.filter((e) => isCandidate(e, 'all'))).toHaveLength(7);
  });

  it('numbers several top-level nodes "0", "1", …', () => {
    const index = buildTreeIndex({ rotation: 0, roots: [leaf('x', 0), leaf('y', 0)] });
    expect(index.entries.map((e) => [e.path, e.parent])).toEqual([
      ['0', -1],
      ['1', -1],
    ]);
  });

  it('handles trees deeper than the call stack allows for recursion', () => {
    let node: UiNode = leaf('deep', 0);
    for (let i = 0; i < 20_000; i++)
      node = { bounds: { left: 0, top: 0, right: 10, bottom: 10 }, children: [node] };
    const index = buildTreeIndex({ rotation: 0, roots: [node] });
    expect(index.entries).toHaveLength(20_001);
    expect(index.entries[0].end).toBe(20_000);
  });
});
