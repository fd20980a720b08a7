import { describe, expect, it } from 'vitest';
import type { AnyViewSpec } from '../app/types.js';
import { column, frame, row, scroll, spacer, text, toggle } from '../app/views.js';
import { type LaidOutView, layoutScreen, type Rect } from './layout.js';

const WINDOW: Rect = { left: 0, top: 63, right: 1080, bottom: 2274 };
const DENSITY = 2.625;

function layout(root: AnyViewSpec): LaidOutView {
  return layoutScreen(root, {
    window: WINDOW,
    density: DENSITY,
    scrollOffsets: new Map(),
    fieldText: new Map(),
    focusedKey: undefined,
  });
}

const heightOf = (view: LaidOutView) => view.rect.bottom - view.rect.top;
const px = (dp: number) => Math.round(dp * DENSITY);
const noop = () => {};
/** A settings-style switch row: label, a `fill` spacer, the switch. */
const switchRow = (id: string) => row([text(id), spacer(), toggle(id, false, noop)]);

describe('layoutScreen', () => {
  it('the root fills the window even when its content is shorter', () => {
    const root = layout(frame([column([text('Short', { height: 72 })])]));
    expect(root.rect).toEqual(WINDOW);
    expect(heightOf(root.children[0])).toBe(px(72));
  });

  it('a row is as tall as its tallest child; a `fill` spacer in it does not collapse the row', () => {
    const root = layout(column([switchRow('a'), text('below')]));
    const [first, below] = root.children;
    expect(heightOf(first)).toBe(px(56));
    expect(first.children.map(heightOf)).toEqual([px(48), px(56), px(56)]);
    expect(below.rect.top).toBe(first.rect.bottom);
  });

  it('switch rows and columns holding a `fill` spacer keep their natural height inside a scroll container', () => {
    const root = layout(
      column([
        scroll('list', [
          switchRow('a'),
          column([text('x'), spacer(), toggle('b', true, noop)]),
          switchRow('c'),
        ]),
      ]),
    );
    const [a, b, c] = root.children[0].children;
    expect([a, b, c].map(heightOf)).toEqual([px(56), px(48 + 56), px(56)]);
    expect(b.rect.top).toBe(a.rect.bottom);
    expect(c.rect.top).toBe(b.rect.bottom);
  });

  it('flexible children share the height left in a column, on top of their content', () => {
    const root = layout(column([text('top', { height: 100 }), column([text('x'), spacer()]), spacer()]));
    const left = WINDOW.bottom - WINDOW.top - px(100) - px(48);
    const [, grown, filler] = root.children;
    expect(heightOf(grown)).toBe(px(48) + Math.floor(left / 2));
    expect(heightOf(filler)).toBe(Math.floor(left / 2));
  });
});
