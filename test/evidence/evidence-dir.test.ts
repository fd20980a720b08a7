import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { evidenceDirFromEnv } from '../../src/evidence/bundle-dir.js';

describe('evidenceDirFromEnv', () => {
  it("prefers DROIDPROOF_EVIDENCE_DIR; the seeds' ANDROPERATOR_EVIDENCE_DIR keeps bundles in <root>/bundles (003:5717-5719)", () => {
    expect(evidenceDirFromEnv({ DROIDPROOF_EVIDENCE_DIR: 'dp', ANDROPERATOR_EVIDENCE_DIR: 'seed' })).toBe(
      'dp',
    );
    expect(evidenceDirFromEnv({ ANDROPERATOR_EVIDENCE_DIR: 'seed' })).toBe(join('seed', 'bundles'));
    expect(evidenceDirFromEnv({})).toBeUndefined();
  });

  it('rejects an empty or whitespace-only value with EXECUTION_VALIDATION_FAILED (003:5724)', () => {
    expect(() => evidenceDirFromEnv({ ANDROPERATOR_EVIDENCE_DIR: '  ' })).toThrow(
      expect.objectContaining({ code: 'EXECUTION_VALIDATION_FAILED' }),
    );
  });
});
