/**
 * UI Automator hierarchy XML ⇄ `UiHierarchy`.
 *
 * The parser is a hand-written scanner for the restricted dialect of UI
 * Automator dumps (an optional prolog, comments, one `<hierarchy>` element with
 * nested `<node>` elements carrying attributes). fast-xml-parser was measured
 * first: its parse plus the validation pass needed to reject malformed input
 * took ~110 ms on a 2 MB dump, against a 60 ms budget for parse plus resolution
 * (issue 2, docs/selectors.md "Parser"). The scanner rejects what the seed
 * requires (003:4963-4966): DTDs, entities, non-hierarchy documents, malformed
 * XML, and guards size (8 MiB) and nesting depth (256).
 */
import {
  ATTRIBUTE_COLUMNS,
  type AttributeColumn,
  applyAttribute,
  applyColumn,
  columnValue,
  knownColumnAt,
} from './attributes.js';
import type { UiHierarchy, UiNode } from './node.js';
import { type SnapshotRejection, snapshotExtractionFailed } from './snapshot-error.js';
import { decodeXmlReferences, escapeXmlAttribute } from './xml-text.js';

/** Largest accepted document, in UTF-8 bytes. */
export const MAX_HIERARCHY_XML_BYTES = 8 * 1024 * 1024;
/** Deepest accepted `<node>` nesting (a root node is at depth 1). */
export const MAX_HIERARCHY_DEPTH = 256;

const LT = 0x3c;
const GT = 0x3e;
const SLASH = 0x2f;
const EQUALS = 0x3d;
const QUESTION = 0x3f;
const BANG = 0x21;
const DOUBLE_QUOTE = 0x22;
const SINGLE_QUOTE = 0x27;

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x09 || c === 0x0d;
}

function skipSpaces(text: string, from: number): number {
  let i = from;
  while (isSpace(text.charCodeAt(i))) i++;
  return i;
}

function isBlank(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (!isSpace(text.charCodeAt(i))) return false;
  return true;
}

function indexOrEnd(xml: string, char: string, from: number): number {
  const found = xml.indexOf(char, from);
  return found === -1 ? xml.length : found;
}

function attributeNameEnd(xml: string, start: number): number {
  let i = start;
  for (; i < xml.length; i++) {
    const c = xml.charCodeAt(i);
    if (c === EQUALS || isSpace(c) || c === GT || c === SLASH || c === LT) break;
  }
  return i;
}

/**
 * A node with every known field present and unknown (`undefined`): all nodes
 * share one shape from the start instead of growing it one attribute at a
 * time (about a seventh of a 5,000-node parse). `extra` is added only when an
 * unknown attribute appears.
 */
function blankNode(): UiNode {
  return {
    children: [],
    index: undefined,
    text: undefined,
    resourceId: undefined,
    className: undefined,
    packageName: undefined,
    contentDesc: undefined,
    checkable: undefined,
    checked: undefined,
    clickable: undefined,
    enabled: undefined,
    focusable: undefined,
    focused: undefined,
    scrollable: undefined,
    longClickable: undefined,
    password: undefined,
    selected: undefined,
    visibleToUser: undefined,
    accessibilityDataSensitive: undefined,
    bounds: undefined,
  };
}

/** One pass over the document; `pos` only moves forward. */
class HierarchyScanner {
  private pos = 0;
  private selfClosing = false;
  private lt = -1;
  private amp = -1;

  constructor(private readonly xml: string) {}

  parse(): UiHierarchy {
    const { xml } = this;
    if (xml.charCodeAt(0) === 0xfeff) this.pos = 1;
    let hierarchy: UiHierarchy | undefined;
    let open = false;
    const stack: UiNode[] = [];
    for (;;) {
      const lt = this.nextLt(this.pos);
      // Character data is ignored inside the hierarchy (dumps have none) and forbidden outside it.
      if (!open && !isBlank(xml, this.pos, lt)) throw this.fail('malformed', 'text outside the root element');
      if (lt === xml.length) break;
      this.pos = lt + 1;
      const c = xml.charCodeAt(this.pos);
      if (c === QUESTION) this.skipPast('?>', 'unterminated processing instruction');
      else if (c === BANG) this.markupDeclaration(open);
      else if (c === SLASH) {
        const name = this.closingTag();
        if (name === 'node' && stack.length > 0) stack.pop();
        else if (name === 'hierarchy' && open && stack.length === 0) open = false;
        else throw this.fail('malformed', `unexpected closing tag </${name}>`);
      } else {
        const name = this.tagName();
        if (hierarchy === undefined) {
          if (name !== 'hierarchy')
            throw this.fail('not_hierarchy', `root element is <${name}>, not <hierarchy>`);
          hierarchy = this.hierarchyElement();
          open = !this.selfClosing;
        } else if (!open) {
          throw this.fail('malformed', 'content after the root element');
        } else if (name !== 'node') {
          throw this.fail('malformed', `unexpected element <${name}> (only <node> is allowed)`);
        } else {
          if (stack.length >= MAX_HIERARCHY_DEPTH) {
            throw this.fail('too_deep', `nesting deeper than ${MAX_HIERARCHY_DEPTH} nodes`);
          }
          const node = blankNode();
          this.attributes(node);
          (stack.length === 0 ? hierarchy.roots : stack[stack.length - 1].children).push(node);
          if (!this.selfClosing) stack.push(node);
        }
      }
    }
    if (hierarchy === undefined) throw this.fail('malformed', 'no root element');
    if (open) throw this.fail('malformed', 'unclosed element');
    return hierarchy;
  }

  private hierarchyElement(): UiHierarchy {
    const attributes: UiNode = { children: [] };
    this.attributes(attributes);
    const rotation = Number(attributes.extra?.rotation ?? 0);
    return { rotation: Number.isInteger(rotation) ? rotation : 0, roots: [] };
  }

  /** `<!…`: comments are skipped; DOCTYPE, ENTITY and anything else are rejected. */
  private markupDeclaration(open: boolean): void {
    const { xml, pos } = this;
    if (xml.startsWith('!--', pos)) {
      this.skipPast('-->', 'unterminated comment');
    } else if (xml.startsWith('![CDATA[', pos) && open) {
      this.skipPast(']]>', 'unterminated CDATA section');
    } else if (/^!doctype/i.test(xml.slice(pos, pos + 8))) {
      throw this.fail('dtd', 'DTD declarations are not accepted');
    } else if (xml.startsWith('!ENTITY', pos)) {
      throw this.fail('entity', 'entity declarations are not accepted');
    } else {
      throw this.fail('malformed', 'unexpected markup declaration');
    }
  }

  private skipPast(terminator: string, message: string): void {
    const end = this.xml.indexOf(terminator, this.pos);
    if (end === -1) throw this.fail('malformed', message);
    this.pos = end + terminator.length;
  }

  private tagName(): string {
    const { xml } = this;
    const start = this.pos;
    let i = start;
    for (; i < xml.length; i++) {
      const c = xml.charCodeAt(i);
      if (isSpace(c) || c === SLASH || c === GT) break;
    }
    if (i === start) throw this.fail('malformed', 'missing element name');
    this.pos = i;
    return xml.slice(start, i);
  }

  private closingTag(): string {
    this.pos++;
    const name = this.tagName();
    this.pos = skipSpaces(this.xml, this.pos);
    if (this.xml.charCodeAt(this.pos) !== GT) throw this.fail('malformed', `bad closing tag </${name}`);
    this.pos++;
    return name;
  }

  /** Reads `name="value"` pairs up to `>` or `/>`, applying each to `node`. */
  private attributes(node: UiNode): void {
    const { xml } = this;
    // A local cursor (stored back before returning or failing) keeps this hot loop in registers.
    let pos = this.pos;
    let expected = 0;
    for (;;) {
      // Dumps write ` name="value"` in table order with single spaces: one `startsWith` reads a whole
      // flag (` checkable="false"`) or a string's head; anything else takes the general path below.
      const next = ATTRIBUTE_COLUMNS[expected];
      if (next !== undefined) {
        if (next.kind === 'boolean') {
          const spelled = xml.startsWith(next.whenFalse, pos)
            ? next.whenFalse
            : xml.startsWith(next.whenTrue, pos)
              ? next.whenTrue
              : undefined;
          if (spelled !== undefined) {
            next.set(node, spelled === next.whenTrue);
            pos += spelled.length;
            expected++;
            continue;
          }
        } else if (xml.startsWith(next.open, pos)) {
          const start = pos + next.open.length;
          const end = xml.indexOf('"', start);
          if (end !== -1 && this.nextLt(start) > end && this.nextAmp(start) > end) {
            applyColumn(node, next, xml, start, end);
            pos = end + 1;
            expected++;
            continue;
          }
        }
      }
      const spaceStart = pos;
      pos = skipSpaces(xml, pos);
      const c = xml.charCodeAt(pos);
      if (c === GT || c === SLASH) {
        this.selfClosing = c === SLASH;
        if (this.selfClosing && xml.charCodeAt(++pos) !== GT)
          throw this.failAt(pos, 'malformed', 'bad empty-element tag');
        this.pos = pos + 1;
        return;
      }
      if (pos >= xml.length) throw this.failAt(pos, 'malformed', 'unterminated tag');
      if (pos === spaceStart)
        throw this.failAt(pos, 'malformed', 'attributes must be separated by whitespace');
      const nameStart = pos;
      // Dumps list attributes in table order: try the one after the last known name before scanning.
      let column: AttributeColumn | undefined = ATTRIBUTE_COLUMNS[expected];
      let nameEnd = column === undefined ? -1 : nameStart + column.name.length;
      if (
        column === undefined ||
        xml.charCodeAt(nameEnd) !== EQUALS ||
        !xml.startsWith(column.name, nameStart)
      ) {
        nameEnd = attributeNameEnd(xml, nameStart);
        column = knownColumnAt(xml, nameStart, nameEnd);
      }
      if (column !== undefined) expected = column.order + 1;
      const name = column?.name ?? xml.slice(nameStart, nameEnd);
      pos = skipSpaces(xml, nameEnd);
      if (name.length === 0 || xml.charCodeAt(pos) !== EQUALS)
        throw this.failAt(pos, 'malformed', 'bad attribute');
      pos = skipSpaces(xml, pos + 1);
      const quote = xml.charCodeAt(pos);
      if (quote !== DOUBLE_QUOTE && quote !== SINGLE_QUOTE)
        throw this.failAt(pos, 'malformed', `unquoted value of attribute ${name}`);
      const start = pos + 1;
      const end = xml.indexOf(quote === DOUBLE_QUOTE ? '"' : "'", start);
      if (end === -1) throw this.failAt(pos, 'malformed', `unterminated value of attribute ${name}`);
      if (this.nextLt(start) < end) throw this.failAt(pos, 'malformed', `"<" in value of attribute ${name}`);
      pos = end + 1;
      // Known attributes without references are read in place, without a substring.
      if (column === undefined || this.nextAmp(start) < end) {
        applyAttribute(node, name, decodeXmlReferences(xml.slice(start, end)));
      } else {
        applyColumn(node, column, xml, start, end);
      }
    }
  }

  /**
   * Offset of the next `<` at or after `from` (the document length when none).
   * Memoized: `from` only grows, so each search resumes where the last one
   * ended and the tag loop and the value check share one scan.
   */
  private nextLt(from: number): number {
    if (this.lt < from) this.lt = indexOrEnd(this.xml, '<', from);
    return this.lt;
  }

  /** As `nextLt`, for `&` (references are rare: usually one search covers the whole document). */
  private nextAmp(from: number): number {
    if (this.amp < from) this.amp = indexOrEnd(this.xml, '&', from);
    return this.amp;
  }

  private fail(reason: SnapshotRejection, message: string) {
    return this.failAt(this.pos, reason, message);
  }

  private failAt(offset: number, reason: SnapshotRejection, message: string) {
    return snapshotExtractionFailed(reason, message, offset);
  }
}

/**
 * Parses UI Automator dump XML. Throws `DroidproofError` code
 * `SNAPSHOT_EXTRACTION_FAILED` with `details.reason` (`dtd`, `entity`,
 * `not_hierarchy`, `malformed`, `too_large`, `too_deep`) and `details.offset`.
 */
export function parseHierarchyXml(xml: string): UiHierarchy {
  if (typeof xml !== 'string') throw snapshotExtractionFailed('malformed', 'the hierarchy is not a string');
  // UTF-16 length ≤ UTF-8 length ≤ 3 × UTF-16 length: count bytes only near the limit.
  if (xml.length > MAX_HIERARCHY_XML_BYTES) throw tooLarge();
  if (xml.length * 3 > MAX_HIERARCHY_XML_BYTES && Buffer.byteLength(xml, 'utf8') > MAX_HIERARCHY_XML_BYTES) {
    throw tooLarge();
  }
  return new HierarchyScanner(xml).parse();
}

function tooLarge() {
  return snapshotExtractionFailed('too_large', `document over ${MAX_HIERARCHY_XML_BYTES} bytes`);
}

/** The UI Automator dump prolog (as `uiautomator dump` writes it, seed 003:1029). */
export const HIERARCHY_XML_PROLOG = "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>";

/** Nodes per flat piece of a serialized hierarchy (`XmlPieces`). */
const NODES_PER_PIECE = 64;

/**
 * The XML text in flat pieces. Built with `+=`, the text is a V8 rope, which is
 * cheap to extend; but a rope of a whole large screen (hundreds of thousands of
 * parts, all alive until the end) is copied again by every young-generation
 * collection while it grows. So every `NODES_PER_PIECE` nodes the rope so far
 * is flattened into a piece of its own and its parts die young.
 */
class XmlPieces {
  private readonly pieces: string[] = [];
  private nodes = 0;
  tail = '';

  /** Counts one written node; flattens the tail when a piece is full. */
  node(): void {
    if (++this.nodes % NODES_PER_PIECE !== 0) return;
    this.pieces.push(flatten(this.tail));
    this.tail = '';
  }

  text(): string {
    this.pieces.push(this.tail);
    return this.pieces.join('');
  }
}

/** Flattens `rope` in place (converting a string to a number makes V8 flatten it) and returns it. */
function flatten(rope: string): string {
  Number(rope);
  return rope;
}

/** Appends a node and its subtree: attributes with `+=` (V8 ropes), no entry arrays per node. */
function writeNode(node: UiNode, out: XmlPieces): void {
  let xml = `${out.tail}<node`;
  for (const c of ATTRIBUTE_COLUMNS) {
    if (c.kind === 'boolean') {
      const flag = c.get(node);
      if (flag !== undefined) xml += flag ? c.whenTrue : c.whenFalse;
    } else {
      const value = columnValue(node, c);
      if (value !== undefined) xml += `${c.open}${escapeXmlAttribute(value)}"`;
    }
  }
  if (node.extra !== undefined) {
    for (const [name, value] of Object.entries(node.extra)) xml += ` ${name}="${escapeXmlAttribute(value)}"`;
  }
  const { children } = node;
  out.tail = children.length === 0 ? `${xml} />` : `${xml}>`;
  out.node();
  if (children.length === 0) return;
  for (const child of children) writeNode(child, out);
  out.tail += '</node>';
}

/** Serializes a hierarchy as UI Automator dump XML; `parseHierarchyXml` reads it back unchanged. */
export function toHierarchyXml(hierarchy: UiHierarchy): string {
  const out = new XmlPieces();
  out.tail = `${HIERARCHY_XML_PROLOG}<hierarchy rotation="${hierarchy.rotation}">`;
  for (const root of hierarchy.roots) writeNode(root, out);
  out.tail += '</hierarchy>';
  return out.text();
}
