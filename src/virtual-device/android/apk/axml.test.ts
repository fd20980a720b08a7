import { describe, expect, it } from 'vitest';
import { AxmlFormatError, parseAxml } from './axml.js';

const ANDROID = 'http://schemas.android.com/apk/res/android';

/** A ResChunk: type, header size, total size, then the rest of the header and the body. */
function chunk(type: number, header: Buffer, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt16LE(type, 0);
  head.writeUInt16LE(8 + header.length, 2);
  head.writeUInt32LE(8 + header.length + body.length, 4);
  return Buffer.concat([head, header, body]);
}

const u32 = (...values: number[]) => {
  const b = Buffer.alloc(values.length * 4);
  for (const [i, v] of values.entries()) b.writeUInt32LE(v >>> 0, i * 4);
  return b;
};

/** A UTF-8 string pool (aapt2's encoding for resources; aapt writes manifests in UTF-16). */
function utf8Pool(strings: string[]): Buffer {
  const encoded = strings.map((s) => {
    const bytes = Buffer.from(s, 'utf8');
    return Buffer.concat([Buffer.from([s.length, bytes.length]), bytes, Buffer.from([0])]);
  });
  const offsets: number[] = [];
  let at = 0;
  for (const e of encoded) {
    offsets.push(at);
    at += e.length;
  }
  const data = Buffer.concat(encoded);
  const padded = Buffer.concat([data, Buffer.alloc((4 - (data.length % 4)) % 4)]);
  const stringsStart = 28 + strings.length * 4;
  return chunk(
    0x0001,
    u32(strings.length, 0, 1 << 8, stringsStart, 0),
    Buffer.concat([u32(...offsets), padded]),
  );
}

function attribute(ns: number, name: number, dataType: number, data: number, raw = 0xffffffff): Buffer {
  const b = Buffer.alloc(20);
  b.writeUInt32LE(ns >>> 0, 0);
  b.writeUInt32LE(name, 4);
  b.writeUInt32LE(raw >>> 0, 8);
  b.writeUInt16LE(8, 12);
  b[15] = dataType;
  b.writeUInt32LE(data >>> 0, 16);
  return b;
}

function startElement(name: number, attributes: Buffer[]): Buffer {
  const ext = Buffer.alloc(20);
  ext.writeUInt32LE(0xffffffff, 0);
  ext.writeUInt32LE(name, 4);
  ext.writeUInt16LE(20, 8);
  ext.writeUInt16LE(20, 10);
  ext.writeUInt16LE(attributes.length, 12);
  return chunk(0x0102, u32(1, 0xffffffff), Buffer.concat([ext, ...attributes]));
}

const endElement = (name: number) => chunk(0x0103, u32(1, 0xffffffff), u32(0xffffffff, name));

// String indices: 0 versionCode, 1 versionName, 2 manifest, 3 package, 4 com.example.utf8, 5 "1.0-é", 6 android ns, 7 application, 8 debuggable
const STRINGS = [
  'versionCode',
  'versionName',
  'manifest',
  'package',
  'com.example.utf8',
  '1.0-é',
  ANDROID,
  'application',
  'debuggable',
];

function document(...chunks: Buffer[]): Buffer {
  return chunk(0x0003, Buffer.alloc(0), Buffer.concat(chunks));
}

describe('parseAxml', () => {
  it('reads a UTF-8 string pool, the resource map and typed attributes', () => {
    const xml = document(
      utf8Pool(STRINGS),
      chunk(0x0180, Buffer.alloc(0), u32(0x0101021b, 0x0101021c)),
      startElement(2, [
        attribute(6, 0, 0x10, 7),
        attribute(6, 1, 0x03, 5, 5),
        attribute(0xffffffff, 3, 0x03, 4, 4),
      ]),
      startElement(7, [attribute(6, 8, 0x12, 0xffffffff)]),
      endElement(7),
      endElement(2),
    );
    const root = parseAxml(xml);
    expect(root).toEqual({
      name: 'manifest',
      attributes: [
        { namespace: ANDROID, name: 'versionCode', resourceId: 0x0101021b, value: { type: 'int', value: 7 } },
        {
          namespace: ANDROID,
          name: 'versionName',
          resourceId: 0x0101021c,
          value: { type: 'string', value: '1.0-é' },
        },
        {
          namespace: undefined,
          name: 'package',
          resourceId: undefined,
          value: { type: 'string', value: 'com.example.utf8' },
        },
      ],
      children: [
        {
          name: 'application',
          attributes: [
            {
              namespace: ANDROID,
              name: 'debuggable',
              resourceId: undefined,
              value: { type: 'boolean', value: true },
            },
          ],
          children: [],
        },
      ],
    });
  });

  it('rejects what is not binary XML, unbalanced elements and chunks past the end', () => {
    expect(() => parseAxml(Buffer.from('<manifest/>'))).toThrow(AxmlFormatError);
    expect(() => parseAxml(document(utf8Pool(STRINGS), startElement(2, [])))).toThrow(
      'unclosed element <manifest>',
    );
    expect(() => parseAxml(document(utf8Pool(STRINGS), endElement(2)))).toThrow(
      'end element without a start',
    );
    expect(() => parseAxml(document(utf8Pool(STRINGS)))).toThrow('no start tag found');
    const truncated = document(utf8Pool(STRINGS), startElement(2, [attribute(6, 0, 0x10, 7)]), endElement(2));
    truncated.writeUInt32LE(truncated.length + 64, 4);
    expect(() => parseAxml(truncated.subarray(0, truncated.length - 10))).toThrow(AxmlFormatError);
  });
});
