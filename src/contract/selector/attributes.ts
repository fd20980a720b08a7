/**
 * Conversion between UI Automator attribute records (`{ "resource-id": "…" }`,
 * string values exactly as in the XML) and `UiNode` fields. Shared by the XML
 * parser, the XML writer and the JSON tree format of the conformance vectors,
 * so all three read attributes identically.
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

const STRING_FIELD_OF = new Map<string, StringField>(Object.entries(STRING_ATTRIBUTES));
const BOOLEAN_FIELD_OF = new Map<string, BooleanField>(Object.entries(BOOLEAN_ATTRIBUTES));

const KNOWN_NAMES = [...STRING_FIELD_OF.keys(), ...BOOLEAN_FIELD_OF.keys(), 'bounds', 'index'];

function nameKey(length: number, firstChar: number): number {
  return length * 0x10000 + firstChar;
}

/** Known attribute names grouped by length and first character. */
const KNOWN_NAMES_BY_KEY = new Map<number, string[]>();
for (const name of KNOWN_NAMES) {
  const key = nameKey(name.length, name.charCodeAt(0));
  KNOWN_NAMES_BY_KEY.set(key, [...(KNOWN_NAMES_BY_KEY.get(key) ?? []), name]);
}

/**
 * The known attribute name spelled at `source[start, end)`, as the shared
 * constant string, or `undefined`. Lets the XML scanner skip a substring
 * allocation and hash per attribute (the hot path of parsing).
 */
export function knownAttributeAt(source: string, start: number, end: number): string | undefined {
  const names = KNOWN_NAMES_BY_KEY.get(nameKey(end - start, source.charCodeAt(start)));
  if (names === undefined) return undefined;
  for (const name of names) if (source.startsWith(name, start)) return name;
  return undefined;
}

/** Reads an optionally negative decimal integer at `value[from]`; `next` is where it stopped. */
function readInt(value: string, from: number): { int: number; next: number } | undefined {
  let i = from;
  const negative = value.charCodeAt(i) === 0x2d;
  if (negative) i++;
  let int = 0;
  const start = i;
  for (let c = value.charCodeAt(i); c >= 0x30 && c <= 0x39; c = value.charCodeAt(++i))
    int = int * 10 + (c - 0x30);
  if (i === start) return undefined;
  return { int: negative ? -int : int, next: i };
}

const BOUNDS_PREFIXES = ['[', ',', '][', ','];

/** Parses `[l,t][r,b]` (integers, optionally negative); anything else is `undefined` (unknown bounds). */
export function parseBounds(value: string): Bounds | undefined {
  const numbers: number[] = [];
  let i = 0;
  for (const prefix of BOUNDS_PREFIXES) {
    if (!value.startsWith(prefix, i)) return undefined;
    const read = readInt(value, i + prefix.length);
    if (read === undefined) return undefined;
    numbers.push(read.int);
    i = read.next;
  }
  if (i !== value.length - 1 || value.charCodeAt(i) !== 0x5d) return undefined;
  return { left: numbers[0], top: numbers[1], right: numbers[2], bottom: numbers[3] };
}

export function formatBounds(bounds: Bounds): string {
  return `[${bounds.left},${bounds.top}][${bounds.right},${bounds.bottom}]`;
}

/** `"true"` / `"false"`; any other value is unknown (seed 003:4950-4951). */
function parseBoolean(value: string): boolean | undefined {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return undefined;
}

/**
 * Applies one XML attribute to a node under construction. Unknown attribute
 * names land in `extra`; unparseable known values (a bad `bounds`, a
 * non-boolean flag) are left unknown.
 */
export function applyAttribute(node: UiNode, name: string, value: string): void {
  const stringField = STRING_FIELD_OF.get(name);
  if (stringField !== undefined) {
    node[stringField] = value;
    return;
  }
  const booleanField = BOOLEAN_FIELD_OF.get(name);
  if (booleanField !== undefined) {
    const flag = parseBoolean(value);
    if (flag !== undefined) node[booleanField] = flag;
  } else if (name === 'bounds') {
    const bounds = parseBounds(value);
    if (bounds !== undefined) node.bounds = bounds;
  } else if (name === 'index') {
    const index = Number(value);
    if (Number.isInteger(index) && value.trim() !== '') node.index = index;
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

/**
 * The node's attributes in UI Automator dump order (index, text, resource-id,
 * class, package, content-desc, flags, bounds, then extras). Unknown values
 * are omitted, never written as `""` or `"false"`.
 */
export function attributesOfNode(node: UiNode): [name: string, value: string][] {
  const out: [string, string][] = [];
  if (node.index !== undefined) out.push(['index', String(node.index)]);
  for (const [name, field] of Object.entries(STRING_ATTRIBUTES)) {
    const value = node[field];
    if (value !== undefined) out.push([name, value]);
  }
  for (const [name, field] of Object.entries(BOOLEAN_ATTRIBUTES)) {
    const value = node[field];
    if (value !== undefined) out.push([name, String(value)]);
  }
  if (node.bounds !== undefined) out.push(['bounds', formatBounds(node.bounds)]);
  if (node.extra !== undefined) out.push(...Object.entries(node.extra));
  return out;
}
