import { describe, expect, it } from 'vitest';
import { ON_SCREEN_LOG_PLACEHOLDERS, templateProblem } from './index.js';

describe('on-screen log templates', () => {
  it('accepts the nine placeholders, escapes and single braces', () => {
    expect(ON_SCREEN_LOG_PLACEHOLDERS).toHaveLength(9);
    expect(templateProblem(ON_SCREEN_LOG_PLACEHOLDERS.map((n) => `{{${n}}}`).join('\n'))).toBeNull();
    expect(templateProblem('{{{{device.model}}}} {x} }')).toBeNull();
  });

  it.each([
    ['{{device.serial}}', 'unknown or malformed'],
    ['{{ device.model }}', 'unknown or malformed'],
    ['{{device.model', 'unknown or malformed'],
    ['a }} b', "unmatched '}}'"],
  ])('rejects %j', (template, message) => {
    expect(templateProblem(template)).toContain(message);
  });
});
