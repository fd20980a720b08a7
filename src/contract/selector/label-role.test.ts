import { describe, expect, it } from 'vitest';
import { nodeLabel } from './label.js';
import { DEFAULT_ROLE, ROLE_RULES, roleOfClass } from './role.js';

describe('nodeLabel (seed 003:3786-3787)', () => {
  it('uses text, else content description, else ""', () => {
    expect(nodeLabel({ text: 'T', contentDesc: 'D' })).toBe('T');
    expect(nodeLabel({ text: '', contentDesc: 'D' })).toBe('D');
    expect(nodeLabel({ contentDesc: 'D' })).toBe('D');
    expect(nodeLabel({})).toBe('');
  });
});

describe('roleOfClass (seed 003:3732; table: docs/selectors.md#roles)', () => {
  it('uses the simple name after the last "." or "$"', () => {
    expect(roleOfClass('a.b.Outer$InnerButton')).toBe('button');
    expect(roleOfClass('Button')).toBe('button');
  });

  it('tries more specific suffixes first', () => {
    expect(roleOfClass('android.widget.RadioButton')).toBe('radio');
    expect(roleOfClass('android.widget.CheckedTextView')).toBe('checkbox');
    expect(roleOfClass('android.widget.MultiAutoCompleteTextView')).toBe('textfield');
  });

  it('returns lower-case roles only, and the default for unknown classes', () => {
    for (const [, role] of ROLE_RULES) expect(role).toBe(role.toLowerCase());
    expect(roleOfClass('com.example.Gizmo')).toBe(DEFAULT_ROLE);
    expect(roleOfClass(undefined)).toBe(DEFAULT_ROLE);
  });

  it('stays correct after its memo is flushed by many distinct class names', () => {
    for (let i = 0; i < 5000; i++) roleOfClass(`com.example.Widget${i}`);
    expect(roleOfClass('android.widget.Switch')).toBe('switch');
  });
});
