import { describe, expect, it } from 'vitest';
import { clampRetry, RETRY_CLAMPS } from './index.js';

describe('clampRetry', () => {
  it('keeps in-range policies and clamps every field to its bound', () => {
    const policy = {
      maxAttempts: 4,
      initialDelayMs: 400,
      maxDelayMs: 2000,
      backoffMultiplier: 2,
      jitterRatio: 0.15,
    };
    expect(clampRetry(policy)).toEqual(policy);
    expect(
      clampRetry({
        maxAttempts: 99,
        initialDelayMs: 99_999,
        maxDelayMs: 99_999,
        backoffMultiplier: 99,
        jitterRatio: 9,
      }),
    ).toEqual({
      maxAttempts: RETRY_CLAMPS.maxAttempts.max,
      initialDelayMs: RETRY_CLAMPS.initialDelayMs.max,
      maxDelayMs: RETRY_CLAMPS.maxDelayMs.max,
      backoffMultiplier: RETRY_CLAMPS.backoffMultiplier.max,
      jitterRatio: RETRY_CLAMPS.jitterRatio.max,
    });
  });
});
