/**
 * Android's binary XML (AXML, `ResXMLTree` in libandroidfw) as aapt writes
 * AndroidManifest.xml into an APK: a string pool, a resource map (the
 * attribute ids of the leading attribute names), and start/end element chunks
 * with typed attribute values. Namespace and CDATA chunks are skipped.
 */

/** A typed attribute value (`Res_value`). */
export type AxmlValue =
  | { type: 'string'; value: string }
  | { type: 'int'; value: number }
  | { type: 'boolean'; value: boolean }
  /** `@0x7f...` or `?attr`: resolved against resources.arsc, which this reader does not load. */
  | { type: 'reference'; id: number }
  | { type: 'other'; dataType: number; data: number };

export interface AxmlAttribute {
  /** Namespace URI, e.g. `http://schemas.android.com/apk/res/android`. */
  namespace: string | undefined;
  name: string;
  /** The framework attribute id from the resource map (0x0101021b is versionCode), when there is one. */
  resourceId: number | undefined;
  value: AxmlValue;
}

export interface AxmlElement {
  name: string;
  attributes: AxmlAttribute[];
  children: AxmlElement[];
}

/** Why the bytes are not a well-formed binary XML document. */
export class AxmlFormatError extends Error {}

const RES_STRING_POOL_TYPE = 0x0001;
const RES_XML_TYPE = 0x0003;
const RES_XML_START_ELEMENT_TYPE = 0x0102;
const RES_XML_END_ELEMENT_TYPE = 0x0103;
const RES_XML_RESOURCE_MAP_TYPE = 0x0180;
const UTF8_FLAG = 1 << 8;
const NO_INDEX = 0xffffffff;

const TYPE_REFERENCE = 0x01;
const TYPE_ATTRIBUTE = 0x02;
const TYPE_STRING = 0x03;
const TYPE_INT_DEC = 0x10;
const TYPE_INT_HEX = 0x11;
const TYPE_INT_BOOLEAN = 0x12;

/** A bounds-checked little-endian view: every read past the end is a format error. */
class Reader {
  constructor(readonly data: Buffer) {}

  u8(at: number): number {
    this.check(at, 1);
    return this.data[at];
  }

  u16(at: number): number {
    this.check(at, 2);
    return this.data.readUInt16LE(at);
  }

  u32(at: number): number {
    this.check(at, 4);
    return this.data.readUInt32LE(at);
  }

  slice(at: number, length: number): Buffer {
    this.check(at, length);
    return this.data.subarray(at, at + length);
  }

  private check(at: number, length: number): void {
    if (at < 0 || at + length > this.data.length) throw new AxmlFormatError(`read past the end at ${at}`);
  }
}

/** Strings of a `ResStringPool` chunk starting at `start`. */
function readStringPool(r: Reader, start: number): string[] {
  const headerSize = r.u16(start + 2);
  const count = r.u32(start + 8);
  const flags = r.u32(start + 16);
  const stringsStart = start + r.u32(start + 20);
  const utf8 = (flags & UTF8_FLAG) !== 0;
  const strings: string[] = [];
  for (let i = 0; i < count; i++) {
    let at = stringsStart + r.u32(start + headerSize + i * 4);
    if (utf8) {
      // Two lengths, each 1 byte or 2 with the high bit set: UTF-16 units, then UTF-8 bytes.
      at += r.u8(at) & 0x80 ? 2 : 1;
      let bytes = r.u8(at);
      if (bytes & 0x80) bytes = ((bytes & 0x7f) << 8) | r.u8(++at);
      strings.push(r.slice(at + 1, bytes).toString('utf8'));
    } else {
      let units = r.u16(at);
      if (units & 0x8000) {
        units = ((units & 0x7fff) << 16) | r.u16(at + 2);
        at += 2;
      }
      strings.push(r.slice(at + 2, units * 2).toString('utf16le'));
    }
  }
  return strings;
}

function typedValue(dataType: number, data: number, strings: string[]): AxmlValue {
  switch (dataType) {
    case TYPE_STRING:
      return { type: 'string', value: strings[data] ?? '' };
    case TYPE_INT_DEC:
    case TYPE_INT_HEX:
      return { type: 'int', value: data | 0 };
    case TYPE_INT_BOOLEAN:
      return { type: 'boolean', value: data !== 0 };
    case TYPE_REFERENCE:
    case TYPE_ATTRIBUTE:
      return { type: 'reference', id: data };
    default:
      return { type: 'other', dataType, data };
  }
}

/** Parses a binary XML document into its root element. */
export function parseAxml(data: Buffer): AxmlElement {
  const r = new Reader(data);
  if (r.u16(0) !== RES_XML_TYPE) throw new AxmlFormatError('not a binary XML document');
  const end = Math.min(r.u32(4), data.length);
  let strings: string[] = [];
  let resourceIds: number[] = [];
  const string = (index: number) => (index === NO_INDEX ? undefined : strings[index]);
  const stack: AxmlElement[] = [];
  let root: AxmlElement | undefined;
  for (let at = r.u16(2); at < end; ) {
    const type = r.u16(at);
    const headerSize = r.u16(at + 2);
    const size = r.u32(at + 4);
    if (size < 8 || at + size > end) throw new AxmlFormatError(`bad chunk size ${size} at ${at}`);
    if (type === RES_STRING_POOL_TYPE) strings = readStringPool(r, at);
    else if (type === RES_XML_RESOURCE_MAP_TYPE) {
      resourceIds = [];
      for (let p = at + headerSize; p < at + size; p += 4) resourceIds.push(r.u32(p));
    } else if (type === RES_XML_START_ELEMENT_TYPE) {
      const ext = at + headerSize;
      const attributeStart = r.u16(ext + 8);
      const attributeSize = r.u16(ext + 10);
      const element: AxmlElement = { name: string(r.u32(ext + 4)) ?? '', attributes: [], children: [] };
      for (let i = 0; i < r.u16(ext + 12); i++) {
        const a = ext + attributeStart + i * attributeSize;
        const nameIndex = r.u32(a + 4);
        element.attributes.push({
          namespace: string(r.u32(a)),
          name: string(nameIndex) ?? '',
          resourceId: resourceIds[nameIndex],
          value: typedValue(r.u8(a + 15), r.u32(a + 16), strings),
        });
      }
      const parent = stack[stack.length - 1];
      if (parent) parent.children.push(element);
      else if (root) throw new AxmlFormatError('more than one root element');
      else root = element;
      stack.push(element);
    } else if (type === RES_XML_END_ELEMENT_TYPE) {
      if (!stack.pop()) throw new AxmlFormatError('end element without a start');
    }
    at += size;
  }
  if (!root) throw new AxmlFormatError('no start tag found');
  if (stack.length > 0) throw new AxmlFormatError(`unclosed element <${stack[stack.length - 1].name}>`);
  return root;
}
