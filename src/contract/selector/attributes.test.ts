import { describe, expect, it } from 'vitest';
import {
  attributesOfNode,
  formatBounds,
  knownAttributeAt,
  nodeFromAttributes,
  parseBounds,
} from './attributes.js';

describe('attributes (seed 003:4939-4951, 5071-5082)', () => {
  it('parses and formats [l,t][r,b] bounds, including negatives', () => {
    expect(parseBounds('[-10,0][1080,2400]')).toEqual({ left: -10, top: 0, right: 1080, bottom: 2400 });
    expect(formatBounds({ left: -10, top: 0, right: 1080, bottom: 2400 })).toBe('[-10,0][1080,2400]');
  });

  it.each([
    '',
    '[0,0][10]',
    '[0,0] [10,10]',
    '[a,0][1,1]',
    '[0.5,0][1,1]',
    '[-,0][1,1]',
    '[0,0][1,1]x',
    '[+1,0][1,1]',
  ])('treats bounds %j as unknown', (raw) => {
    expect(parseBounds(raw)).toBeUndefined();
  });

  it('maps XML attribute names to fields, "true"/"false" to booleans, others to unknown', () => {
    const node = nodeFromAttributes({
      index: '3',
      'resource-id': 'a:id/b',
      class: 'android.widget.Switch',
      package: 'a',
      'content-desc': '',
      checked: 'true',
      'long-clickable': 'false',
      'visible-to-user': 'maybe',
      'accessibility-data-sensitive': 'true',
      hint: 'h',
    });
    expect(node).toEqual({
      index: 3,
      resourceId: 'a:id/b',
      className: 'android.widget.Switch',
      packageName: 'a',
      contentDesc: '',
      checked: true,
      longClickable: false,
      accessibilityDataSensitive: true,
      extra: { hint: 'h' },
      children: [],
    });
  });

  it('tells known names from look-alikes of the same length and initial', () => {
    expect(knownAttributeAt('<node clickable="x"', 6, 15)).toBe('clickable');
    expect(knownAttributeAt('<node clickabla="x"', 6, 15)).toBeUndefined();
    expect(knownAttributeAt('<node checked="x"', 6, 13)).toBe('checked');
  });

  it('ignores a non-integer index', () => {
    expect(nodeFromAttributes({ index: 'x' }).index).toBeUndefined();
    expect(nodeFromAttributes({ index: '' }).index).toBeUndefined();
  });

  it('writes attributes in UI Automator order and only the known ones', () => {
    const node = nodeFromAttributes({
      bounds: '[0,0][1,1]',
      checked: 'false',
      text: 't',
      index: '0',
      extra1: 'e',
    });
    expect(attributesOfNode(node)).toEqual([
      ['index', '0'],
      ['text', 't'],
      ['checked', 'false'],
      ['bounds', '[0,0][1,1]'],
      ['extra1', 'e'],
    ]);
  });

  it('keeps an attribute named like an Object.prototype key as an extra', () => {
    const node = nodeFromAttributes(JSON.parse('{"__proto__": "x", "constructor": "y"}'));
    expect(Object.getPrototypeOf(node)).toBe(Object.prototype);
    expect(Object.getPrototypeOf(node.extra)).toBe(Object.prototype);
    expect(Object.entries(node.extra ?? {})).toEqual([
      ['__proto__', 'x'],
      ['constructor', 'y'],
    ]);
  });

  it.each([
    ['007', 7],
    [' 3 ', 3],
    ['1e2', 100],
    ['-0', -0],
    ['0x10', 16],
    ['1234567890123456789', Number('1234567890123456789')],
    ['1.5', undefined],
    ['3a', undefined],
  ])('reads index %j as Number does, integers only', (raw, expected) => {
    expect(nodeFromAttributes({ index: raw }).index).toBe(expected);
  });
});
