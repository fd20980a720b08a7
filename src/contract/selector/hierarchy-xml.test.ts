import { describe, expect, it } from 'vitest';
import { DroidproofError } from '../errors.js';
import { attributesOfNode } from './attributes.js';
import {
  HIERARCHY_XML_PROLOG,
  MAX_HIERARCHY_DEPTH,
  MAX_HIERARCHY_XML_BYTES,
  parseHierarchyXml,
  toHierarchyXml,
} from './hierarchy-xml.js';
import type { UiHierarchy, UiNode } from './node.js';
import { escapeXmlAttribute } from './xml-text.js';

function rejection(xml: string): { code: string; reason: unknown } {
  try {
    parseHierarchyXml(xml);
  } catch (error) {
    expect(error).toBeInstanceOf(DroidproofError);
    const { code, details } = error as DroidproofError;
    return { code, reason: details.reason };
  }
  throw new Error('expected a rejection');
}

function nested(depth: number): string {
  return `<hierarchy rotation="0">${'<node text="x">'.repeat(depth)}${'</node>'.repeat(depth)}</hierarchy>`;
}

const sample: UiHierarchy = {
  rotation: 1,
  roots: [
    {
      index: 0,
      text: '',
      resourceId: 'com.example:id/root',
      className: 'android.widget.FrameLayout',
      packageName: 'com.example',
      contentDesc: '',
      checkable: false,
      clickable: false,
      enabled: true,
      visibleToUser: true,
      accessibilityDataSensitive: false,
      bounds: { left: 0, top: 0, right: 1080, bottom: 2400 },
      children: [
        {
          index: 0,
          text: 'Tom & "Jerry" <3\nsecond line\ttab',
          contentDesc: "it's",
          longClickable: true,
          bounds: { left: -5, top: 10, right: 20, bottom: 30 },
          extra: { hint: 'Name', 'drawing-order': '1' },
          children: [],
        },
        { children: [] },
      ],
    },
  ],
};

describe('toHierarchyXml / parseHierarchyXml (seed 003:1029, 5067-5090)', () => {
  it('writes the UI Automator prolog and hierarchy element', () => {
    expect(toHierarchyXml({ rotation: 0, roots: [] })).toBe(
      `${HIERARCHY_XML_PROLOG}<hierarchy rotation="0"></hierarchy>`,
    );
    expect(HIERARCHY_XML_PROLOG).toBe("<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>");
  });

  it('round-trips every attribute, unknown ones and special characters', () => {
    expect(parseHierarchyXml(toHierarchyXml(sample))).toEqual(sample);
  });

  it('omits unknown state rather than writing "" or false (003:1946)', () => {
    const xml = toHierarchyXml({ rotation: 0, roots: [{ text: 'a', children: [] }] });
    expect(xml).toContain('<node text="a" />');
  });

  it('leaves an attribute the dump lacks unknown: undefined, absent from JSON, not written back', () => {
    const xml = `<hierarchy rotation="0"><node text="a" checked="true" hint="h"><node /></node></hierarchy>`;
    const [root] = parseHierarchyXml(xml).roots;
    expect(root.resourceId).toBeUndefined();
    expect(root.bounds).toBeUndefined();
    expect(JSON.parse(JSON.stringify(root))).toEqual({
      children: [{ children: [] }],
      text: 'a',
      checked: true,
      extra: { hint: 'h' },
    });
    expect(toHierarchyXml(parseHierarchyXml(xml))).toContain(
      '<node text="a" checked="true" hint="h"><node /></node>',
    );
  });

  it('reads attributes in any order, quoting and spacing, and references in every kind of value', () => {
    const inOrder = parseHierarchyXml(
      '<hierarchy rotation="0"><node index="2" text="a" checked="true" bounds="[0,0][5,5]" /></hierarchy>',
    );
    const shuffled = parseHierarchyXml(
      `<hierarchy rotation="0"><node bounds = '&#91;0,0][5,5]' checked='t&#114;ue' text="&#97;" index="&#50;"/></hierarchy>`,
    );
    expect(shuffled).toEqual(inOrder);
    expect(inOrder.roots[0]).toEqual({
      index: 2,
      text: 'a',
      checked: true,
      bounds: { left: 0, top: 0, right: 5, bottom: 5 },
      children: [],
    });
  });

  it('reads a dump-order node the same whether or not each attribute is spelled the common way', () => {
    const common =
      '<node index="0" text="a" resource-id="r" class="c" package="p" content-desc="" checkable="false" checked="true" bounds="[0,0][5,5]" />';
    const variants = [
      common.replace('text="a"', 'text="&#97;"'),
      common.replace(' checked="true"', ' checked = "true"'),
      common.replace(' checked="true"', "  checked='true'"),
      common.replace('checkable="false"', 'checkable="fals&#101;"'),
    ];
    const doc = (node: string) => `<hierarchy rotation="0">${node}</hierarchy>`;
    const expected = parseHierarchyXml(doc(common));
    expect(expected.roots[0]).toMatchObject({ text: 'a', checkable: false, checked: true });
    for (const variant of variants) expect(parseHierarchyXml(doc(variant)), variant).toEqual(expected);
    // Values that are no flag, and faults right after a whole flag, are read as the general path reads them.
    expect(parseHierarchyXml(doc(common.replace('checked="true"', 'checked="True"'))).roots[0]!.checked).toBe(
      undefined,
    );
    expect(rejection(doc(common.replace('checked="true" ', 'checked="true"'))).reason).toBe('malformed');
    expect(rejection(doc(common.replace('text="a"', 'text="a<"'))).reason).toBe('malformed');
  });

  it('writes exactly the attributes of attributesOfNode, escaped, in their order', () => {
    const [root] = sample.roots;
    const expected = attributesOfNode(root.children[0])
      .map(([name, value]) => ` ${name}="${escapeXmlAttribute(value)}"`)
      .join('');
    expect(toHierarchyXml({ rotation: 0, roots: [root.children[0]] })).toContain(`<node${expected} />`);
  });

  it('escapes newlines as references so conforming XML parsers keep them', () => {
    const xml = toHierarchyXml({ rotation: 0, roots: [{ text: 'a\nb', children: [] }] });
    expect(xml).toContain('text="a&#10;b"');
  });
});

describe('parseHierarchyXml limits (issue 2: 8 MiB, depth 256; seed 003:4963-4966)', () => {
  it(`accepts ${MAX_HIERARCHY_DEPTH} nested nodes and rejects one more as too_deep`, () => {
    let depth = 0;
    for (
      let node: UiNode | undefined = parseHierarchyXml(nested(MAX_HIERARCHY_DEPTH)).roots[0];
      node;
      node = node.children[0]
    ) {
      depth++;
    }
    expect(depth).toBe(MAX_HIERARCHY_DEPTH);
    expect(rejection(nested(MAX_HIERARCHY_DEPTH + 1))).toEqual({
      code: 'SNAPSHOT_EXTRACTION_FAILED',
      reason: 'too_deep',
    });
  });

  it('rejects a document over 8 MiB of UTF-8 as too_large, counting bytes not characters', () => {
    const open = '<hierarchy rotation="0"><node text="';
    const close = '" /></hierarchy>';
    const fill = (bytes: number, char: string, size: number) =>
      char.repeat(Math.floor((bytes - open.length - close.length) / size));
    const justFits = open + fill(MAX_HIERARCHY_XML_BYTES, 'a', 1) + close;
    expect(parseHierarchyXml(justFits).roots).toHaveLength(1);
    // 'é' is 2 UTF-8 bytes: under the limit in characters, over it in bytes.
    const wide = open + fill(MAX_HIERARCHY_XML_BYTES, 'é', 1) + close;
    expect(wide.length).toBeLessThanOrEqual(MAX_HIERARCHY_XML_BYTES);
    expect(rejection(wide)).toEqual({ code: 'SNAPSHOT_EXTRACTION_FAILED', reason: 'too_large' });
  });

  it('reports the offset of the fault', () => {
    try {
      parseHierarchyXml('<hierarchy rotation="0"><node text=a /></hierarchy>');
      expect.unreachable();
    } catch (error) {
      expect((error as DroidproofError).details.offset).toBe(35);
    }
  });

  it('rejects "<" in a value and a bad reference wherever the value is read', () => {
    expect(rejection('<hierarchy rotation="0"><node checked="a<b" /></hierarchy>').reason).toBe('malformed');
    expect(rejection('<hierarchy rotation="0"><node bounds="&bogus;" /></hierarchy>').reason).toBe('entity');
    expect(rejection('<hierarchy rotation="0"><node text="&#xZZ;" /></hierarchy>').reason).toBe('malformed');
  });

  it('rejects a lower-case doctype too', () => {
    expect(rejection('<!doctype hierarchy><hierarchy/>').reason).toBe('dtd');
  });

  it('rejects a non-string input with a typed error', () => {
    expect(rejection(42 as unknown as string).reason).toBe('malformed');
  });

  it('throws only typed errors for every truncation and single-byte corruption of a valid dump', () => {
    const xml = toHierarchyXml(sample);
    const inputs: string[] = [];
    for (let i = 0; i < xml.length; i++) {
      inputs.push(xml.slice(0, i));
      for (const c of ['<', '>', '"', '&', '/', '=', ' '])
        inputs.push(xml.slice(0, i) + c + xml.slice(i + 1));
    }
    let rejected = 0;
    for (const input of inputs) {
      try {
        parseHierarchyXml(input);
      } catch (error) {
        expect(error).toBeInstanceOf(DroidproofError);
        expect((error as DroidproofError).code).toBe('SNAPSHOT_EXTRACTION_FAILED');
        rejected++;
      }
    }
    expect(rejected).toBeGreaterThan(inputs.length / 2);
  });
});
