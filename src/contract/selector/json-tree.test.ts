import { describe, expect, it } from 'vitest';
import { nodeFromJsonTree } from './json-tree.js';

describe('nodeFromJsonTree (conformance/selectors/README.md "Trees")', () => {
  it('reads XML attribute names recursively, children defaulting to none', () => {
    const tree = nodeFromJsonTree({
      class: 'android.widget.FrameLayout',
      bounds: '[0,0][10,10]',
      children: [{ text: 'A', 'visible-to-user': 'false', index: 0 }],
    });
    expect(tree).toEqual({
      className: 'android.widget.FrameLayout',
      bounds: { left: 0, top: 0, right: 10, bottom: 10 },
      children: [{ text: 'A', visibleToUser: false, index: 0, children: [] }],
    });
  });
});
