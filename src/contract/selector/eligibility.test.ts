import { describe, expect, it } from 'vitest';
import { defaultScreen, isSelfEligible } from './eligibility.js';
import type { Bounds, UiNode } from './node.js';

const screen: Bounds = { left: 0, top: 0, right: 100, bottom: 200 };
const at = (
  left: number,
  top: number,
  right: number,
  bottom: number,
  extra: Partial<UiNode> = {},
): UiNode => ({
  bounds: { left, top, right, bottom },
  children: [],
  ...extra,
});

describe('isSelfEligible (seed 003:1978-1983)', () => {
  it('requires positive bounds that intersect the screen', () => {
    expect(isSelfEligible(at(0, 0, 10, 10), screen)).toBe(true);
    expect(isSelfEligible(at(90, 190, 150, 250), screen)).toBe(true);
    expect(isSelfEligible(at(100, 0, 150, 10), screen)).toBe(false);
    expect(isSelfEligible(at(0, -10, 10, 0), screen)).toBe(false);
    expect(isSelfEligible(at(5, 5, 5, 10), screen)).toBe(false);
    expect(isSelfEligible({ children: [] }, screen)).toBe(false);
  });

  it('requires visible-to-user unless it is unknown', () => {
    expect(isSelfEligible(at(0, 0, 10, 10, { visibleToUser: false }), screen)).toBe(false);
    expect(isSelfEligible(at(0, 0, 10, 10, { visibleToUser: true }), screen)).toBe(true);
  });

  it('without a screen, only requires positive bounds', () => {
    expect(isSelfEligible(at(5000, 5000, 5001, 5001), undefined)).toBe(true);
    expect(isSelfEligible(at(10, 10, 0, 0), undefined)).toBe(false);
  });
});

describe('defaultScreen (docs/selectors.md#screen)', () => {
  it('is the first root bounds when they have an area', () => {
    expect(defaultScreen([at(0, 0, 1080, 2400), at(0, 0, 1, 1)])).toEqual({
      left: 0,
      top: 0,
      right: 1080,
      bottom: 2400,
    });
    expect(defaultScreen([at(0, 0, 0, 0)])).toBeUndefined();
    expect(defaultScreen([])).toBeUndefined();
  });
});
