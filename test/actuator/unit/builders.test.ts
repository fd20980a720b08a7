import { describe, expect, it } from 'vitest';
import { buildExecution } from '../../../src/actuator/device/builders.js';
import { validateExecution } from '../../../src/contract/validate.js';

describe('builders (seed 003 "Builder Inflation Rules")', () => {
  it('snapshot: observe source, id snap, direct mode, 30000, commandId = taskId in the seed format', () => {
    const e = buildExecution('snapshot', undefined);
    expect(e).toMatchObject({
      source: 'androperator-observe',
      timeoutMs: 30_000,
      mode: 'direct',
      actions: [{ id: 'snap', type: 'snapshot' }],
    });
    expect(e.commandId).toMatch(/^snapshot-\d+-[a-z0-9]{1,7}$/);
    expect(e.taskId).toBe(e.commandId);
    expect(() => validateExecution(e)).not.toThrow();
  });

  it.each([
    [5_000, 30_000],
    [45_000, 50_000],
    [undefined, 30_000],
  ])('wait_for_node timeout %s inflates the execution to %s', (wait, expected) => {
    const e = buildExecution('wait_for_node', {
      matcher: { textEquals: 'Done' },
      ...(wait ? { timeoutMs: wait } : {}),
    });
    expect(e).toMatchObject({
      source: 'androperator-action',
      timeoutMs: expected,
      actions: [{ id: 'wait' }],
    });
  });

  it.each([
    [5_000, 30_000],
    [25_000, 30_000],
    [30_000, 35_000],
  ])('wait_for_navigation timeout %s inflates the execution to %s', (wait, expected) => {
    const e = buildExecution('wait_for_navigation', {
      expectedPackage: 'com.android.settings',
      timeoutMs: wait,
    });
    expect(e).toMatchObject({ timeoutMs: expected, actions: [{ id: 'wait-for-nav' }] });
  });

  it('sleep: max(duration + 5000, global, 30000)', () => {
    expect(buildExecution('sleep', { durationMs: 1_500 }).timeoutMs).toBe(30_000);
    expect(buildExecution('sleep', { durationMs: 40_000 }).timeoutMs).toBe(45_000);
    expect(buildExecution('sleep', { durationMs: 1_000 }, { timeoutMs: 60_000 }).timeoutMs).toBe(60_000);
  });

  it('observe_media: durationMs + 10000; an explicit timeout stays authoritative', () => {
    expect(buildExecution('observe_media', { mediaSessionId: 's', durationMs: 10_000 }).timeoutMs).toBe(
      20_000,
    );
    expect(
      buildExecution('observe_media', { mediaSessionId: 's', durationMs: 10_000 }, { timeoutMs: 5_000 })
        .timeoutMs,
    ).toBe(5_000);
  });
});
