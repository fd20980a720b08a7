import { describe, expect, it } from 'vitest';
import { mergeSelectionCounts, NO_SELECTION, selectionWarning } from './selection-warning.js';

describe('selection warnings (seed 003:3808-3828)', () => {
  it('reproduces the seed example text exactly', () => {
    expect(selectionWarning({ target: 7, container: 0 })).toBe(
      'Multiple candidates matched; first-match selection was used. Largest candidate counts observed: target: 7. Use --strict (params.strict=true) to reject ambiguous matches.',
    );
  });

  it('lists container duplicates after the target', () => {
    expect(selectionWarning({ target: 2, container: 3 })).toContain('observed: target: 2, container: 3.');
    expect(selectionWarning({ target: 1, container: 2 })).toContain('observed: container: 2.');
  });

  it('omits the warning for unique selection', () => {
    expect(selectionWarning(NO_SELECTION)).toBeNull();
    expect(selectionWarning({ target: 1, container: 1 })).toBeNull();
  });

  it('keeps the largest count of each kind across observations', () => {
    const merged = [
      { target: 3, container: 1 },
      { target: 0, container: 2 },
      { target: 2, container: 0 },
    ].reduce(mergeSelectionCounts, NO_SELECTION);
    expect(merged).toEqual({ target: 3, container: 2 });
  });
});
