import { describe, expect, it } from 'vitest';
import { decodeXmlReferences, escapeXmlAttribute } from './xml-text.js';

describe('escapeXmlAttribute / decodeXmlReferences', () => {
  it('returns plain values unchanged and escapes the special characters of a double-quoted value', () => {
    expect(escapeXmlAttribute('android:id/title')).toBe('android:id/title');
    expect(escapeXmlAttribute(`a&b<c>d"e\nf\rg\th'`)).toBe("a&amp;b&lt;c&gt;d&quot;e&#10;f&#13;g&#9;h'");
  });

  it('round-trips any value through escape and decode', () => {
    const value = 'Tom & "Jerry" <3\n\r\t it\'s é 🙂';
    expect(decodeXmlReferences(escapeXmlAttribute(value))).toBe(value);
  });
});
