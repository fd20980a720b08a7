/**
 * Conversion between UI Automator attribute records (`{ "resource-id": "…" }`,
 * string values exactly as in the XML) and `UiNode` fields. Shared by the XML
 * parser, the XML writer and the JSON tree format of the conformance vectors,
 * so all three read attributes identically.
 *
 * The known attributes form one table (`ATTRIBUTE_COLUMNS`, in dump order) so
 * that the writer and the scanner, both on snapshot hot paths, loop over plain
 * records instead of building entry arrays per node.
 */
import { defineOwn } from '../key-aliases.js';
import {
  BOOLEAN_ATTRIBUTES,
  type BooleanField,
  type Bounds,
  STRING_ATTRIBUTES,
  type StringField,
  type UiNode,
} from './node.js';

/**
 * A known attribute: its XML name, its position in `ATTRIBUTE_COLUMNS`, how its
 * value maps to a `UiNode` field, and ` name="` for the writer.
 */
export type AttributeColumn = { readonly name: string; readonly order: number; readonly open: string } & (
  | { readonly kind: 'index' | 'bounds' }
  | ({ readonly kind: 'string'; readonly field: StringField } & FieldAccess<string>)
  | ({
      readonly kind: 'boolean';
      readonly field: BooleanField;
      /** ` name="true"` and ` name="false"`, written whole. */
      readonly whenTrue: string;
      readonly whenFalse: string;
    } & FieldAccess<boolean>)
);

/** Reads and writes one `UiNode` field. */
interface FieldAccess<T> {
  readonly get: (node: UiNode) => T | undefined;
  readonly set: (node: UiNode, value: T) => void;
}

/**
 * One accessor pair per field, each with a literal property name: `node[field]`
 * with a varying `field` is a megamorphic keyed access, which cost the parser
 * and the writer about a third of their time on a 5,000-node dump.
 */
const FIELD_ACCESS: { readonly [F in StringField | BooleanField]: FieldAccess<NonNullable<UiNode[F]>> } = {
  text: {
    get: (n) => n.text,
    set: (n, v) => {
      n.text = v;
    },
  },
  resourceId: {
    get: (n) => n.resourceId,
    set: (n, v) => {
      n.resourceId = v;
    },
  },
  className: {
    get: (n) => n.className,
    set: (n, v) => {
      n.className = v;
    },
  },
  packageName: {
    get: (n) => n.packageName,
    set: (n, v) => {
      n.packageName = v;
    },
  },
  contentDesc: {
    get: (n) => n.contentDesc,
    set: (n, v) => {
      n.contentDesc = v;
    },
  },
  checkable: {
    get: (n) => n.checkable,
    set: (n, v) => {
      n.checkable = v;
    },
  },
  checked: {
    get: (n) => n.checked,
    set: (n, v) => {
      n.checked = v;
    },
  },
  clickable: {
    get: (n) => n.clickable,
    set: (n, v) => {
      n.clickable = v;
    },
  },
  enabled: {
    get: (n) => n.enabled,
    set: (n, v) => {
      n.enabled = v;
    },
  },
  focusable: {
    get: (n) => n.focusable,
    set: (n, v) => {
      n.focusable = v;
    },
  },
  focused: {
    get: (n) => n.focused,
    set: (n, v) => {
      n.focused = v;
    },
  },
  scrollable: {
    get: (n) => n.scrollable,
    set: (n, v) => {
      n.scrollable = v;
    },
  },
  longClickable: {
    get: (n) => n.longClickable,
    set: (n, v) => {
      n.longClickable = v;
    },
  },
  password: {
    get: (n) => n.password,
    set: (n, v) => {
      n.password = v;
    },
  },
  selected: {
    get: (n) => n.selected,
    set: (n, v) => {
      n.selected = v;
    },
  },
  visibleToUser: {
    get: (n) => n.visibleToUser,
    set: (n, v) => {
      n.visibleToUser = v;
    },
  },
  accessibilityDataSensitive: {
    get: (n) => n.accessibilityDataSensitive,
    set: (n, v) => {
      n.accessibilityDataSensitive = v;
    },
  },
};

/** The known attributes in UI Automator dump order (index, text, resource-id, class, package, content-desc, flags, bounds). */
export const ATTRIBUTE_COLUMNS: readonly AttributeColumn[] = [
  { name: 'index', kind: 'index' as const },
  ...Object.entries(STRING_ATTRIBUTES).map(([name, field]) => ({
    name,
    kind: 'string' as const,
    field,
    ...(FIELD_ACCESS[field] as FieldAccess<string>),
  })),
  ...Object.entries(BOOLEAN_ATTRIBUTES).map(([name, field]) => ({
    name,
    kind: 'boolean' as const,
    field,
    ...(FIELD_ACCESS[field] as FieldAccess<boolean>),
    whenTrue: ` ${name}="true"`,
    whenFalse: ` ${name}="false"`,
  })),
  { name: 'bounds', kind: 'bounds' as const },
].map((spec, order) => ({ ...spec, order, open: ` ${spec.name}="` }));

const COLUMN_OF = new Map(ATTRIBUTE_COLUMNS.map((c) => [c.name, c]));

function nameKey(length: number, firstChar: number): number {
  return length * 0x10000 + firstChar;
}

/** Known attributes grouped by name length and first character. */
const COLUMNS_BY_KEY = new Map<number, AttributeColumn[]>();
for (const c of ATTRIBUTE_COLUMNS) {
  const key = nameKey(c.name.length, c.name.charCodeAt(0));
  COLUMNS_BY_KEY.set(key, [...(COLUMNS_BY_KEY.get(key) ?? []), c]);
}

/**
 * The known attribute whose name is spelled at `source[start, end)`, or
 * `undefined`. Lets the XML scanner skip a substring allocation and hash per
 * attribute (the hot path of parsing).
 */
export function knownColumnAt(source: string, start: number, end: number): AttributeColumn | undefined {
  const columns = COLUMNS_BY_KEY.get(nameKey(end - start, source.charCodeAt(start)));
  if (columns === undefined) return undefined;
  for (const c of columns) if (source.startsWith(c.name, start)) return c;
  return undefined;
}

/** The known attribute name spelled at `source[start, end)`, as the shared constant string, or `undefined`. */
export function knownAttributeAt(source: string, start: number, end: number): string | undefined {
  return knownColumnAt(source, start, end)?.name;
}

const BOUNDS_PREFIXES = ['[', ',', '][', ','];
/** Reused by `parseBoundsAt` (never re-entered) so a parse allocates only the result. */
const boundsScratch = [0, 0, 0, 0];

/** `parseBounds` of `source[start, end)`, read in place. */
function parseBoundsAt(source: string, start: number, end: number): Bounds | undefined {
  let i = start;
  for (let n = 0; n < 4; n++) {
    const prefix = BOUNDS_PREFIXES[n];
    if (end - i < prefix.length || !source.startsWith(prefix, i)) return undefined;
    i += prefix.length;
    const negative = source.charCodeAt(i) === 0x2d;
    if (negative) i++;
    const digits = i;
    let int = 0;
    for (; i < end; i++) {
      const c = source.charCodeAt(i);
      if (c < 0x30 || c > 0x39) break;
      int = int * 10 + (c - 0x30);
    }
    if (i === digits) return undefined;
    boundsScratch[n] = negative ? -int : int;
  }
  if (i !== end - 1 || source.charCodeAt(i) !== 0x5d) return undefined;
  const [left, top, right, bottom] = boundsScratch;
  return { left, top, right, bottom };
}

/** Parses `[l,t][r,b]` (integers, optionally negative); anything else is `undefined` (unknown bounds). */
export function parseBounds(value: string): Bounds | undefined {
  return parseBoundsAt(value, 0, value.length);
}

export function formatBounds(bounds: Bounds): string {
  return `[${bounds.left},${bounds.top}][${bounds.right},${bounds.bottom}]`;
}

/** Longest all-digit index read without `Number` (stays exact below 2^53). */
const MAX_FAST_INDEX_DIGITS = 15;

/** `index` of `source[start, end)`: an integer per `Number`, blank is unknown. Plain digits skip the substring. */
function parseIndexAt(source: string, start: number, end: number): number | undefined {
  if (end > start && end - start <= MAX_FAST_INDEX_DIGITS) {
    let int = 0;
    let i = start;
    for (; i < end; i++) {
      const c = source.charCodeAt(i);
      if (c < 0x30 || c > 0x39) break;
      int = int * 10 + (c - 0x30);
    }
    if (i === end) return int;
  }
  const value = source.slice(start, end);
  const index = Number(value);
  return Number.isInteger(index) && value.trim() !== '' ? index : undefined;
}

/**
 * Applies a known attribute whose value is `source[start, end)` (already
 * decoded). Unparseable values (a bad `bounds`, a non-boolean flag, seed
 * 003:4950-4951) are left unknown.
 */
export function applyColumn(
  node: UiNode,
  c: AttributeColumn,
  source: string,
  start: number,
  end: number,
): void {
  switch (c.kind) {
    case 'string':
      c.set(node, source.slice(start, end));
      return;
    case 'boolean': {
      // "true" / "false"; any other value is unknown.
      const length = end - start;
      if (length === 4 && source.startsWith('true', start)) c.set(node, true);
      else if (length === 5 && source.startsWith('false', start)) c.set(node, false);
      return;
    }
    case 'bounds': {
      const bounds = parseBoundsAt(source, start, end);
      if (bounds !== undefined) node.bounds = bounds;
      return;
    }
    case 'index': {
      const index = parseIndexAt(source, start, end);
      if (index !== undefined) node.index = index;
      return;
    }
  }
}

/**
 * Applies one XML attribute to a node under construction. Unknown attribute
 * names land in `extra`; unparseable known values (a bad `bounds`, a
 * non-boolean flag) are left unknown.
 */
export function applyAttribute(node: UiNode, name: string, value: string): void {
  const c = COLUMN_OF.get(name);
  if (c !== undefined) {
    applyColumn(node, c, value, 0, value.length);
  } else {
    node.extra ??= {};
    defineOwn(node.extra, name, value);
  }
}

/** Builds a node from an attribute record (the conformance JSON tree format). */
export function nodeFromAttributes(
  attributes: Readonly<Record<string, string>>,
  children: UiNode[] = [],
): UiNode {
  const node: UiNode = { children };
  for (const [name, value] of Object.entries(attributes)) applyAttribute(node, name, value);
  return node;
}

/** The XML string of a known attribute of `node`, or `undefined` when unknown. */
export function columnValue(node: UiNode, c: AttributeColumn): string | undefined {
  switch (c.kind) {
    case 'string':
      return c.get(node);
    case 'boolean': {
      const flag = c.get(node);
      return flag === undefined ? undefined : String(flag);
    }
    case 'bounds':
      return node.bounds === undefined ? undefined : formatBounds(node.bounds);
    case 'index':
      return node.index === undefined ? undefined : String(node.index);
  }
}

/**
 * The node's attributes in UI Automator dump order (index, text, resource-id,
 * class, package, content-desc, flags, bounds, then extras). Unknown values
 * are omitted, never written as `""` or `"false"`.
 */
export function attributesOfNode(node: UiNode): [name: string, value: string][] {
  const out: [string, string][] = [];
  for (const c of ATTRIBUTE_COLUMNS) {
    const value = columnValue(node, c);
    if (value !== undefined) out.push([c.name, value]);
  }
  if (node.extra !== undefined) out.push(...Object.entries(node.extra));
  return out;
}
