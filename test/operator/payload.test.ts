import { describe, expect, it } from 'vitest';
import { ParamReader } from '../../src/virtual-device/operator/params.js';
import { parsePayload } from '../../src/virtual-device/operator/payload.js';
import { RETRY_DEFAULTS, readRetry, retryDelayMs } from '../../src/virtual-device/operator/retry.js';

const base = {
  commandId: 'c',
  taskId: 't',
  source: 's',
  expectedFormat: 'android-ui-automator',
  actions: [],
};

describe('Android-side payload parsing', () => {
  it('unparseable JSON yields no execution, so no result is published (003:1365-1417; issue: "unparseable payload (no result)")', () => {
    expect(parsePayload('{not json')).toBeUndefined();
  });

  it('a payload without commandId or taskId cannot be correlated and yields nothing (003:1411-1412)', () => {
    expect(parsePayload(JSON.stringify({ ...base, commandId: '' }))).toBeUndefined();
    expect(parsePayload(JSON.stringify({ ...base, taskId: undefined }))).toBeUndefined();
  });

  it('timeoutMs is clamped to 1000..120000 (003:1378, 003:7196-7210)', () => {
    expect(parsePayload(JSON.stringify({ ...base, timeoutMs: 10 }))?.timeoutMs).toBe(1000);
    expect(parsePayload(JSON.stringify({ ...base, timeoutMs: 999_999 }))?.timeoutMs).toBe(120_000);
  });

  it('a missing timeoutMs takes the 30000 ms builder default (003:7411-7420)', () => {
    expect(parsePayload(JSON.stringify(base))?.timeoutMs).toBe(30_000);
  });

  it('actions keep their id, type and params in order (003:1385-1392)', () => {
    const parsed = parsePayload(
      JSON.stringify({
        ...base,
        actions: [
          { id: 'a', type: 'snapshot' },
          { id: 'b', type: 'sleep', params: { durationMs: 1 } },
        ],
      }),
    );
    expect(parsed?.actions).toEqual([
      { id: 'a', type: 'snapshot', params: undefined },
      { id: 'b', type: 'sleep', params: { durationMs: 1 } },
    ]);
  });
});

describe('Android retry clamps', () => {
  const reader = (retry: unknown) => new ParamReader('a1', 'click', { retry });

  it('maxAttempts clamps to 1..10 (003:1808)', () => {
    expect(readRetry(reader({ maxAttempts: 40 }), 'retry', 'UiReadiness').maxAttempts).toBe(10);
    expect(readRetry(reader({ maxAttempts: 0 }), 'retry', 'UiReadiness').maxAttempts).toBe(1);
  });

  it('initialDelayMs clamps to 0..30000 and maxDelayMs to initialDelayMs..60000 (003:1809-1810)', () => {
    const policy = readRetry(reader({ initialDelayMs: 50_000, maxDelayMs: 10 }), 'retry', 'UiReadiness');
    expect(policy.initialDelayMs).toBe(30_000);
    expect(policy.maxDelayMs).toBe(30_000);
  });

  it('backoffMultiplier clamps to 1..5 and jitterRatio to 0..1 (003:1811-1812)', () => {
    const policy = readRetry(reader({ backoffMultiplier: 9, jitterRatio: -1 }), 'retry', 'UiReadiness');
    expect([policy.backoffMultiplier, policy.jitterRatio]).toEqual([5, 0]);
  });

  it('an omitted retry object applies the action default profile (003:1813)', () => {
    expect(readRetry(new ParamReader('a', 'scroll', {}), 'retry', 'None')).toEqual(RETRY_DEFAULTS.None);
  });

  it('backoff grows exponentially from initialDelayMs and is capped by maxDelayMs (003:1802-1804)', () => {
    const policy = {
      maxAttempts: 5,
      initialDelayMs: 100,
      maxDelayMs: 300,
      backoffMultiplier: 2,
      jitterRatio: 0,
    };
    expect([1, 2, 3].map((n) => retryDelayMs(policy, n))).toEqual([100, 200, 300]);
  });
});

describe('Android param readers', () => {
  it('numbers clamp to the documented ranges, e.g. maxSwipes 1..50 (003:2406)', () => {
    expect(new ParamReader('a', 'scroll_and_click', { maxSwipes: 500 }).integer('maxSwipes', 10, 1, 50)).toBe(
      50,
    );
  });

  it('absent numbers take the Android default, e.g. distanceRatio 0.7 (003:2407)', () => {
    expect(new ParamReader('a', 'scroll_and_click', {}).number('distanceRatio', 0.7, 0, 1)).toBe(0.7);
  });

  it('a missing required matcher is EXECUTION_VALIDATION_FAILED with the param path (003:7980-8010)', () => {
    expect(() => new ParamReader('r1', 'read_text', {}).requiredMatcher('matcher')).toThrowError(
      expect.objectContaining({
        code: 'EXECUTION_VALIDATION_FAILED',
        details: { actionId: 'r1', path: 'params.matcher' },
      }),
    );
  });

  it('matcher aliases are normalized (resource_id -> resourceId) (003:3746-3754)', () => {
    expect(
      new ParamReader('a', 'click', { matcher: { resource_id: 'x:id/y' } }).requiredMatcher('matcher'),
    ).toEqual({
      resourceId: 'x:id/y',
    });
  });
});
