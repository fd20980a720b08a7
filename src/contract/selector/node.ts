/**
 * The captured UI tree: one `UiNode` per UI Automator `<node>` element
 * (seed 003 "The XML Format", query_ui field list, "Sensitive hierarchy access").
 *
 * The virtual device builds its accessibility tree from these, the snapshot XML
 * is serialized from them (`toHierarchyXml`) and parsed back into them
 * (`parseHierarchyXml`), and the selector engine resolves matchers over them.
 *
 * An attribute absent from the capture stays `undefined`, distinct from an empty
 * string or `false` (seed 003:1945, 4945-4951: unavailable state is null, never
 * false; empty strings are distinct from absent attributes).
 */

/** Screen rectangle in pixels; XML form `[left,top][right,bottom]`. */
export interface Bounds {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** One node of the captured tree. Every attribute is optional: absent means unknown. */
export interface UiNode {
  /** Child index within the parent (`index`); informational, paths use array positions. */
  index?: number;
  /** `text`: visible text. */
  text?: string;
  /** `resource-id`, e.g. `android:id/title`. */
  resourceId?: string;
  /** `class`, e.g. `android.widget.TextView`. */
  className?: string;
  /** `package`. */
  packageName?: string;
  /** `content-desc`: the accessibility label. */
  contentDesc?: string;
  checkable?: boolean;
  checked?: boolean;
  clickable?: boolean;
  enabled?: boolean;
  focusable?: boolean;
  focused?: boolean;
  scrollable?: boolean;
  /** `long-clickable`. */
  longClickable?: boolean;
  password?: boolean;
  selected?: boolean;
  /** `visible-to-user`: the platform visibility flag. Absent is treated as visible (older dumps omit it). */
  visibleToUser?: boolean;
  /** `accessibility-data-sensitive` (Android 14+); absent when unknown. */
  accessibilityDataSensitive?: boolean;
  /** `bounds`. */
  bounds?: Bounds;
  /** Attributes this model does not name (e.g. `hint`, `drawing-order`), kept verbatim so XML round-trips. */
  extra?: Record<string, string>;
  /** Child nodes in capture order. */
  children: UiNode[];
}

/** A whole capture: the `<hierarchy rotation="…">` element and its top-level nodes. */
export interface UiHierarchy {
  /** `rotation` attribute of `<hierarchy>` (0 when absent). */
  rotation: number;
  /** Top-level nodes; a single-window capture has exactly one. Their paths are `"0"`, `"1"`, … */
  roots: UiNode[];
}

/** String-valued attributes: XML attribute name → `UiNode` field. */
export const STRING_ATTRIBUTES = {
  text: 'text',
  'resource-id': 'resourceId',
  class: 'className',
  package: 'packageName',
  'content-desc': 'contentDesc',
} as const satisfies Record<string, keyof UiNode>;

/** Boolean attributes (`"true"` / `"false"`): XML attribute name → `UiNode` field, in UI Automator dump order. */
export const BOOLEAN_ATTRIBUTES = {
  checkable: 'checkable',
  checked: 'checked',
  clickable: 'clickable',
  enabled: 'enabled',
  focusable: 'focusable',
  focused: 'focused',
  scrollable: 'scrollable',
  'long-clickable': 'longClickable',
  password: 'password',
  selected: 'selected',
  'visible-to-user': 'visibleToUser',
  'accessibility-data-sensitive': 'accessibilityDataSensitive',
} as const satisfies Record<string, keyof UiNode>;

export type StringField = (typeof STRING_ATTRIBUTES)[keyof typeof STRING_ATTRIBUTES];
export type BooleanField = (typeof BOOLEAN_ATTRIBUTES)[keyof typeof BOOLEAN_ATTRIBUTES];
