import { describe, expect, it } from 'vitest';
import { findMatches, matchesPredicate } from './match.js';
import type { UiNode } from './node.js';
import { buildTreeIndex } from './tree-index.js';

const node = (fields: Partial<UiNode>): UiNode => ({ children: [], ...fields });

describe('matchesPredicate (seed 003:3729-3736, 3785-3787)', () => {
  const sw = node({
    text: '',
    contentDesc: 'Wi-Fi',
    resourceId: 'a:id/sw',
    className: 'android.widget.Switch',
  });

  it('compares exact fields case-sensitively', () => {
    expect(matchesPredicate(sw, { resourceId: 'a:id/sw' })).toBe(true);
    expect(matchesPredicate(sw, { resourceId: 'A:id/sw' })).toBe(false);
    expect(matchesPredicate(sw, { contentDescEquals: 'wi-fi' })).toBe(false);
    expect(matchesPredicate(sw, { textEquals: 'Wi-Fi' })).toBe(true);
  });

  it('compares role and substrings ignoring case', () => {
    expect(matchesPredicate(sw, { role: 'Switch' })).toBe(true);
    expect(matchesPredicate(sw, { textContains: 'WI-' })).toBe(true);
    expect(matchesPredicate(sw, { contentDescContains: 'fI' })).toBe(true);
  });

  it('ignores case beyond ASCII', () => {
    expect(matchesPredicate(node({ text: 'ÉCRAN' }), { textContains: 'écran' })).toBe(true);
  });

  it('requires every supplied field (AND)', () => {
    expect(matchesPredicate(sw, { role: 'switch', textEquals: 'Wi-Fi' })).toBe(true);
    expect(matchesPredicate(sw, { role: 'button', textEquals: 'Wi-Fi' })).toBe(false);
  });

  it('compares absent attributes as ""', () => {
    expect(matchesPredicate(node({}), { resourceId: '', textEquals: '', contentDescEquals: '' })).toBe(true);
    expect(matchesPredicate(node({}), { textContains: 'x' })).toBe(false);
  });
});

describe('findMatches (seed 003:3789-3794, 3840-3842)', () => {
  const box = { left: 0, top: 0, right: 100, bottom: 100 };
  const root: UiNode = {
    resourceId: 'root',
    bounds: box,
    children: [
      {
        resourceId: 'panel',
        bounds: box,
        children: [node({ text: 'A', bounds: box }), node({ text: 'B', bounds: box })],
      },
      node({ text: 'A', bounds: box }),
    ],
  };
  const index = buildTreeIndex({ rotation: 0, roots: [root] });
  const paths = (found: number[]) => found.map((i) => index.entries[i].path);

  it('without a matcher returns every candidate', () => {
    expect(paths(findMatches(index, undefined, 'on_screen'))).toEqual(['0', '0.0', '0.0.0', '0.0.1', '0.1']);
  });

  it('restricts to strict descendants of a container entry', () => {
    expect(paths(findMatches(index, { textEquals: 'A' }, 'on_screen', 1))).toEqual(['0.0.0']);
    expect(paths(findMatches(index, { resourceId: 'panel' }, 'on_screen', 1))).toEqual([]);
  });

  it('evaluates ancestors over the whole tree inside a container', () => {
    expect(
      paths(findMatches(index, { textEquals: 'A', ancestor: { resourceId: 'root' } }, 'on_screen', 1)),
    ).toEqual(['0.0.0']);
  });

  it('finds a relationship-only matcher', () => {
    expect(paths(findMatches(index, { descendant: { textEquals: 'B' } }, 'on_screen'))).toEqual(['0', '0.0']);
    expect(paths(findMatches(index, { ancestor: { resourceId: 'panel' } }, 'on_screen'))).toEqual([
      '0.0.0',
      '0.0.1',
    ]);
  });
});
