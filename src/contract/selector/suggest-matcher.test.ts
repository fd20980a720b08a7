import { describe, expect, it } from 'vitest';
import type { UiHierarchy, UiNode } from './node.js';
import { resolveNodes } from './resolve.js';
import { suggestMatcher } from './suggest-matcher.js';

let top = 0;
/** A node 40 px high below the previous one, on a 400 px wide screen. */
function node(fields: Partial<UiNode>, children: UiNode[] = []): UiNode {
  const bounds = { left: 0, top, right: 400, bottom: top + 40 };
  top += 40;
  return { bounds, visibleToUser: true, ...fields, children };
}

function screen(): { hierarchy: UiHierarchy; n: Record<string, UiNode> } {
  top = 0;
  const n: Record<string, UiNode> = {};
  const keep = (name: string, value: UiNode) => {
    n[name] = value;
    return value;
  };
  const rows = ['Alpha', 'Beta'].map((name) =>
    keep(
      `row${name}`,
      node({ resourceId: `app:id/row_${name.toLowerCase()}` }, [
        node({ resourceId: 'app:id/name', text: name }),
        keep(`open${name}`, node({ resourceId: 'app:id/open', text: 'Open', clickable: true })),
      ]),
    ),
  );
  const settings = ['Battery', 'Storage'].map((title) =>
    keep(
      `setting${title}`,
      node({ resourceId: 'app:id/settings_row', clickable: true }, [
        node({ resourceId: 'app:id/title', text: title }),
      ]),
    ),
  );
  const root = node({ resourceId: 'app:id/root' }, [
    keep('title', node({ resourceId: 'app:id/toolbar_title', text: 'Items' })),
    keep('save', node({ text: 'Save', clickable: true })),
    keep('share', node({ contentDesc: 'Share', clickable: true })),
    keep('twin1', node({ text: 'Twin' })),
    keep('twin2', node({ text: 'Twin' })),
    ...rows,
    ...settings,
  ]);
  root.bounds = { left: 0, top: 0, right: 400, bottom: 2000 };
  return { hierarchy: { rotation: 0, roots: [root] }, n };
}

describe('suggestMatcher', () => {
  it('prefers a unique resource id, then unique text, then unique content description', () => {
    const { hierarchy, n } = screen();
    expect(suggestMatcher(hierarchy, n.title)).toEqual({ resourceId: 'app:id/toolbar_title' });
    expect(suggestMatcher(hierarchy, n.save)).toEqual({ textEquals: 'Save' });
    expect(suggestMatcher(hierarchy, n.share)).toEqual({ contentDescEquals: 'Share' });
  });

  it('scopes a repeated node by its nearest distinguishing ancestor', () => {
    const { hierarchy, n } = screen();
    expect(suggestMatcher(hierarchy, n.openBeta)).toEqual({
      resourceId: 'app:id/open',
      ancestor: { resourceId: 'app:id/row_beta' },
    });
  });

  it('scopes a label-less clickable row by the text of its child', () => {
    const { hierarchy, n } = screen();
    expect(suggestMatcher(hierarchy, n.settingStorage)).toEqual({
      resourceId: 'app:id/settings_row',
      descendant: { textEquals: 'Storage' },
    });
  });

  it('every suggestion resolves, strictly, to exactly the node it was made for', () => {
    const { hierarchy, n } = screen();
    for (const [name, target] of Object.entries(n)) {
      const matcher = suggestMatcher(hierarchy, target);
      if (name.startsWith('twin')) {
        expect(matcher).toBeUndefined();
        continue;
      }
      expect(matcher, name).toBeDefined();
      expect(resolveNodes(hierarchy, matcher!, { strict: true }).target.node, name).toBe(target);
    }
  });

  it('has nothing to suggest for an indistinguishable node or one not in the hierarchy', () => {
    const { hierarchy, n } = screen();
    expect(suggestMatcher(hierarchy, n.twin1)).toBeUndefined();
    expect(suggestMatcher(hierarchy, node({ text: 'Elsewhere' }))).toBeUndefined();
  });
});
