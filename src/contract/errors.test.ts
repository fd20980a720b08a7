import { describe, expect, it } from 'vitest';
import { DroidproofError, isDroidproofError } from './errors.js';

describe('DroidproofError', () => {
  it('carries a stable code and details and serializes to the wire shape', () => {
    const error = new DroidproofError('EXECUTION_VALIDATION_FAILED', 'bad', { path: 'actions.0' });
    expect(isDroidproofError(error)).toBe(true);
    expect(error.name).toBe('DroidproofError');
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      code: 'EXECUTION_VALIDATION_FAILED',
      message: 'bad',
      details: { path: 'actions.0' },
    });
  });
});
