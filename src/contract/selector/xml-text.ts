/**
 * Character references of the restricted XML dialect of UI Automator dumps:
 * the five predefined entities and numeric references. Any other named entity
 * could only come from a DTD, which is rejected (seed 003:4963-4966).
 */
import { snapshotExtractionFailed } from './snapshot-error.js';

const PREDEFINED: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

const REFERENCE = /&([^;&]*);?/g;

function decodeReference(match: string, body: string): string {
  if (!match.endsWith(';')) throw snapshotExtractionFailed('malformed', `unterminated reference "${match}"`);
  if (Object.hasOwn(PREDEFINED, body)) return PREDEFINED[body];
  if (body.startsWith('#')) {
    const hex = body[1] === 'x';
    const digits = body.slice(hex ? 2 : 1);
    const valid = hex ? /^[0-9a-fA-F]+$/.test(digits) : /^[0-9]+$/.test(digits);
    const code = valid ? Number.parseInt(digits, hex ? 16 : 10) : Number.NaN;
    if (Number.isNaN(code) || code > 0x10ffff)
      throw snapshotExtractionFailed('malformed', `bad reference "${match}"`);
    return String.fromCodePoint(code);
  }
  throw snapshotExtractionFailed('entity', `undeclared entity "&${body};" (entities are not supported)`);
}

/** Decodes the references in a raw attribute value. */
export function decodeXmlReferences(raw: string): string {
  return raw.indexOf('&') === -1 ? raw : raw.replace(REFERENCE, decodeReference);
}

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  '\n': '&#10;',
  '\r': '&#13;',
  '\t': '&#9;',
};

const NEEDS_ESCAPE = /[&<>"\n\r\t]/;
const ESCAPED = /[&<>"\n\r\t]/g;

function escapeCharacter(c: string): string {
  return ESCAPES[c] ?? c;
}

/**
 * Escapes a value for a double-quoted attribute. Newlines, carriage returns and
 * tabs become references so that any conforming XML parser keeps them (a literal
 * one would be normalized to a space). Most values need nothing: a plain test
 * returns them as they are, without the replace pass.
 */
export function escapeXmlAttribute(value: string): string {
  return NEEDS_ESCAPE.test(value) ? value.replace(ESCAPED, escapeCharacter) : value;
}
