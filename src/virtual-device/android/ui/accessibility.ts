/**
 * Turns laid-out views into accessibility nodes (`UiNode`, the shape the
 * selector engine, the snapshot XML and `uiautomator dump` share), with the
 * properties a real `AccessibilityNodeInfo` reports for each widget class.
 */
import type { UiNode } from '../../../contract/selector/node.js';
import type { ViewKind } from '../app/types.js';
import type { LaidOutView } from './layout.js';

/** A `UiNode` with the extras the device knows (not part of the XML). */
export interface AndroidNode extends UiNode {
  /** `AccessibilityNodeInfo.isEditable()`. */
  editable?: boolean;
  /** `AccessibilityNodeInfo.getHintText()`. */
  hint?: string;
  /** Scroll containers: current content offset and the largest one (px). */
  scrollOffset?: number;
  scrollMax?: number;
  children: AndroidNode[];
}

const CLASS_NAMES: Record<ViewKind, string> = {
  column: 'android.widget.LinearLayout',
  row: 'android.widget.LinearLayout',
  frame: 'android.widget.FrameLayout',
  scroll: 'android.widget.ScrollView',
  text: 'android.widget.TextView',
  button: 'android.widget.Button',
  input: 'android.widget.EditText',
  switch: 'android.widget.Switch',
  checkbox: 'android.widget.CheckBox',
  image: 'android.widget.ImageView',
  progress: 'android.widget.ProgressBar',
  spacer: 'android.view.View',
};

const INTERACTIVE = new Set<ViewKind>(['button', 'input', 'switch', 'checkbox']);

export function resourceId(packageName: string, id: string | undefined): string {
  if (!id) return '';
  return id.includes(':id/') ? id : `${packageName}:id/${id}`;
}

/** Whether a view reacts to a click (what `clickable` reports). */
export function isClickable(view: LaidOutView): boolean {
  const { spec } = view;
  return INTERACTIVE.has(spec.kind) || spec.onClick !== undefined || spec.clickable === true;
}

export function isVisible(view: LaidOutView, parentVisible: boolean): boolean {
  return (
    parentVisible &&
    !view.spec.invisible &&
    view.clip.right > view.clip.left &&
    view.clip.bottom > view.clip.top
  );
}

/**
 * Builds the node tree of one window; `register` records which view each node
 * came from so actions on a node reach the view.
 */
export function toAccessibilityTree(
  view: LaidOutView,
  packageName: string,
  register: (node: AndroidNode, view: LaidOutView) => void,
  index = 0,
  parentVisible = true,
): AndroidNode {
  const { spec } = view;
  const visible = isVisible(view, parentVisible);
  const clickable = isClickable(view);
  const checkable = spec.kind === 'switch' || spec.kind === 'checkbox';
  const text = spec.password && view.text ? '•'.repeat(view.text.length) : (view.text ?? '');
  const node: AndroidNode = {
    index,
    text,
    resourceId: resourceId(packageName, spec.id),
    className: spec.className ?? CLASS_NAMES[spec.kind],
    packageName,
    contentDesc: spec.desc ?? '',
    checkable,
    checked: checkable ? (spec.checked ?? false) : false,
    clickable,
    enabled: spec.enabled ?? true,
    focusable: clickable || spec.kind === 'scroll',
    focused: view.focused,
    scrollable: view.scroll !== undefined && view.scroll.max > 0,
    longClickable: spec.onLongClick !== undefined || spec.kind === 'input',
    password: spec.password ?? false,
    selected: spec.selected ?? false,
    visibleToUser: visible,
    accessibilityDataSensitive: spec.sensitive ?? false,
    bounds: { ...view.clip },
    children: [],
  };
  if (spec.kind === 'input') {
    node.editable = true;
    if (spec.hint !== undefined) {
      node.hint = spec.hint;
      // UI Automator dumps carry the hint as the `hint` attribute (API 26+).
      node.extra = { hint: spec.hint };
    }
  }
  if (view.scroll) {
    node.scrollOffset = view.scroll.offset;
    node.scrollMax = view.scroll.max;
  }
  register(node, view);
  node.children = view.children.map((child, i) =>
    toAccessibilityTree(child, packageName, register, i, visible),
  );
  return node;
}
