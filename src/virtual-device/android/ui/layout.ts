/**
 * Lays a screen's view specs out to pixel bounds.
 *
 * Top-down and simple: columns stack children at their natural height (dp ×
 * density), `fill` children and scroll containers without a height share what
 * is left, rows split their width by weight and are as tall as their tallest
 * child, frames overlap. A window's root always fills the window, as an
 * Android DecorView does. A scroll container lays out its content shifted up
 * by its offset; there is no height left to share inside it (Android measures
 * scroll content UNSPECIFIED), so flexible views there keep their natural
 * height. Every node also carries the clip of its scrolling ancestors, so
 * offscreen nodes get clipped bounds and `visibleToUser=false` as on a real
 * device.
 */
import type { AnyViewSpec, ViewKind } from '../app/types.js';

export interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** A view placed on screen. */
export interface LaidOutView {
  /** Unique within a window: the child-index path, with resource ids. */
  key: string;
  /** Where per-view state (scroll offset, field text, focus) is kept: the resource id, or `key`. */
  stateKey: string;
  spec: AnyViewSpec;
  /** Unclipped rectangle (where it would be without scrolling clips). */
  rect: Rect;
  /** Intersection with every scrolling ancestor's viewport and the window. */
  clip: Rect;
  /** Resolved text (field text for inputs). */
  text: string | undefined;
  focused: boolean;
  /** Scroll containers: content offset and the largest offset (px). */
  scroll?: { offset: number; max: number; viewport: number };
  children: LaidOutView[];
}

export interface LayoutInput {
  window: Rect;
  density: number;
  /** Offsets of scroll containers by key (px). */
  scrollOffsets: ReadonlyMap<string, number>;
  /** Text typed into fields without their own `onText` binding, by key. */
  fieldText: ReadonlyMap<string, string>;
  focusedKey: string | undefined;
}

/** Natural heights of leaf views in dp (Material list-item and control sizes). */
const NATURAL_HEIGHT_DP: Record<ViewKind, number> = {
  column: 0,
  row: 0,
  frame: 0,
  scroll: 0,
  text: 48,
  button: 56,
  input: 56,
  switch: 56,
  checkbox: 56,
  image: 120,
  progress: 16,
  spacer: 16,
};

export function intersect(a: Rect, b: Rect): Rect | undefined {
  const r = {
    left: Math.max(a.left, b.left),
    top: Math.max(a.top, b.top),
    right: Math.min(a.right, b.right),
    bottom: Math.min(a.bottom, b.bottom),
  };
  return r.left < r.right && r.top < r.bottom ? r : undefined;
}

export function contains(r: Rect, x: number, y: number): boolean {
  return x >= r.left && x < r.right && y >= r.top && y < r.bottom;
}

/** Lays `root` out to fill `input.window`, whatever its content's height (the window's root view). */
export function layoutScreen(root: AnyViewSpec, input: LayoutInput): LaidOutView {
  const { window } = input;
  return new Layout(input).place(root, '0', window, window.bottom - window.top, window, true);
}

/**
 * Takes the height its parent leaves: `fill`, a scroll container, or a column
 * or frame holding one, without a height. A row never grows for its children:
 * their `fill` stretches them to the row's height, not the row.
 */
function isFlexible(spec: AnyViewSpec): boolean {
  if (spec.height !== undefined) return false;
  if (spec.fill || spec.kind === 'scroll') return true;
  return (spec.kind === 'column' || spec.kind === 'frame') && (spec.children ?? []).some(isFlexible);
}

function childKey(parent: string, index: number, spec: AnyViewSpec): string {
  return spec.id ? `${parent}/${index}:${spec.id}` : `${parent}/${index}`;
}

class Layout {
  /** Natural heights of this pass: parents and children ask for the same views repeatedly. */
  private readonly heights = new Map<AnyViewSpec, number>();

  constructor(private readonly input: LayoutInput) {}

  private px(dp: number): number {
    return Math.round(dp * this.input.density);
  }

  /** Smallest height in px: what the content needs (0 for a scroll container or `fill` spacer without a height). */
  measure(spec: AnyViewSpec): number {
    let height = this.heights.get(spec);
    if (height === undefined) {
      height = this.naturalHeight(spec);
      this.heights.set(spec, height);
    }
    return height;
  }

  private naturalHeight(spec: AnyViewSpec): number {
    if (spec.height !== undefined) return this.px(spec.height);
    if (spec.kind === 'scroll' || (spec.kind === 'spacer' && spec.fill)) return 0;
    const children = spec.children ?? [];
    if (spec.kind === 'column') return children.reduce((sum, c) => sum + this.measure(c), 0);
    if (spec.kind === 'row' || spec.kind === 'frame')
      return Math.max(0, ...children.map((c) => this.measure(c)));
    return this.px(NATURAL_HEIGHT_DP[spec.kind]);
  }

  /** Places `spec` at the top of `box`; a flexible view (or `stretch`) takes at least `available` px. */
  place(
    spec: AnyViewSpec,
    key: string,
    box: Rect,
    available: number,
    clip: Rect,
    stretch = isFlexible(spec),
  ): LaidOutView {
    const stateKey = spec.id ?? key;
    const natural = this.measure(spec);
    const height = stretch ? Math.max(natural, available) : natural;
    const shift = spec.offsetX === undefined ? 0 : this.px(spec.offsetX);
    const rect = { left: box.left + shift, top: box.top, right: box.right + shift, bottom: box.top + height };
    const ownClip = intersect(rect, clip) ?? emptyAt(rect, clip);
    const view: LaidOutView = {
      key,
      stateKey,
      spec,
      rect,
      clip: ownClip,
      text: spec.kind === 'input' ? (this.input.fieldText.get(stateKey) ?? spec.text ?? '') : spec.text,
      focused: this.input.focusedKey === stateKey,
      children: [],
    };
    const children = spec.children ?? [];
    if (spec.kind === 'row') view.children = this.placeRow(children, key, rect, ownClip);
    else if (spec.kind === 'frame')
      view.children = children.map((c, i) => this.place(c, childKey(key, i, c), rect, height, ownClip));
    else if (spec.kind === 'scroll') this.placeScroll(view, children);
    else if (spec.kind === 'column') view.children = this.placeColumn(children, key, rect, ownClip);
    return view;
  }

  private placeColumn(children: AnyViewSpec[], path: string, rect: Rect, clip: Rect): LaidOutView[] {
    const heights = children.map((c) => this.measure(c));
    const flexible = children.filter(isFlexible).length;
    const left = rect.bottom - rect.top - heights.reduce((a, b) => a + b, 0);
    const share = flexible > 0 ? Math.max(0, Math.floor(left / flexible)) : 0;
    let y = rect.top;
    return children.map((child, i) => {
      const h = isFlexible(child) ? heights[i] + share : heights[i];
      const placed = this.place(child, childKey(path, i, child), { ...rect, top: y, bottom: y + h }, h, clip);
      y += placed.rect.bottom - placed.rect.top;
      return placed;
    });
  }

  private placeRow(children: AnyViewSpec[], path: string, rect: Rect, clip: Rect): LaidOutView[] {
    const total = children.reduce((sum, c) => sum + (c.weight ?? 1), 0) || 1;
    const width = rect.right - rect.left;
    let x = rect.left;
    return children.map((child, i) => {
      const w = Math.round((width * (child.weight ?? 1)) / total);
      const box = { left: x, top: rect.top, right: Math.min(rect.right, x + w), bottom: rect.bottom };
      x += w;
      return this.place(child, childKey(path, i, child), box, rect.bottom - rect.top, clip);
    });
  }

  private placeScroll(view: LaidOutView, children: AnyViewSpec[]): void {
    const viewport = view.rect.bottom - view.rect.top;
    const content = children.reduce((sum, c) => sum + this.measure(c), 0);
    const max = Math.max(0, content - viewport);
    const offset = Math.min(max, Math.max(0, this.input.scrollOffsets.get(view.stateKey) ?? 0));
    view.scroll = { offset, max, viewport };
    const top = view.rect.top - offset;
    const contentRect = { ...view.rect, top, bottom: top + content };
    view.children = this.placeColumn(children, view.key, contentRect, view.clip);
  }
}

/** A zero-area rectangle on the clip edge nearest to `rect` (how Android reports fully clipped nodes). */
function emptyAt(rect: Rect, clip: Rect): Rect {
  const y =
    rect.bottom <= clip.top ? clip.top : rect.top >= clip.bottom ? clip.bottom : Math.max(clip.top, rect.top);
  const left = Math.min(Math.max(rect.left, clip.left), clip.right);
  const right = Math.max(Math.min(rect.right, clip.right), clip.left);
  return { left, top: y, right, bottom: y };
}
