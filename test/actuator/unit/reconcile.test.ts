import { describe, expect, it } from 'vitest';
import type { ResultEnvelope } from '../../../src/actuator/execution/envelope.js';
import { reconcileEnvelope } from '../../../src/actuator/execution/reconcile.js';

const ok = (id: string) => ({ id, actionType: 'click', success: true, data: {} });
const bad = (id: string, code: string) => ({
  id,
  actionType: 'read_text',
  success: false,
  data: { error: code, message: 'x' },
});

function envelope(partial: Partial<ResultEnvelope>): ResultEnvelope {
  return { commandId: 'c', taskId: 't', status: 'success', stepResults: [], error: null, ...partial };
}

describe('reconcileEnvelope (seed 003 "How status and stepResults Relate")', () => {
  it.each([
    {
      name: 'typed terminal failure is authoritative, steps kept',
      input: envelope({
        status: 'failed',
        errorCode: 'COMMAND_TIMEOUT',
        error: 'budget',
        stepResults: [ok('a')],
      }),
      expected: { status: 'failed', errorCode: 'COMMAND_TIMEOUT', error: 'budget', steps: 1 },
    },
    {
      name: 'zero-step typed failure (SERVICE_UNAVAILABLE) stays failed with its hint',
      input: envelope({
        status: 'failed',
        errorCode: 'SERVICE_UNAVAILABLE',
        error: 'a11y',
        hint: 'run doctor',
      }),
      expected: {
        status: 'failed',
        errorCode: 'SERVICE_UNAVAILABLE',
        error: 'a11y',
        steps: 0,
        hint: 'run doctor',
      },
    },
    {
      name: 'a failed step makes an untyped success envelope failed, error from the first failed step',
      input: envelope({
        status: 'success',
        stepResults: [ok('a'), bad('b', 'NODE_NOT_FOUND'), bad('c', 'X')],
      }),
      expected: { status: 'failed', error: 'Step b (read_text) failed: NODE_NOT_FOUND', steps: 3 },
    },
    {
      name: 'all steps succeeded: success, error state cleared, hint removed',
      input: envelope({
        status: 'failed',
        error: 'stale',
        errorCode: null,
        hint: 'h',
        stepResults: [ok('a')],
      }),
      expected: { status: 'success', error: null, errorCode: null, steps: 1, hint: undefined },
    },
    {
      name: 'zero-step failure without a code stays failed',
      input: envelope({ status: 'failed', error: 'boom' }),
      expected: { status: 'failed', error: 'boom', steps: 0 },
    },
  ])('$name', ({ input, expected }) => {
    const out = reconcileEnvelope(input);
    expect(out.status).toBe(expected.status);
    expect(out.error).toBe(expected.error);
    expect(out.stepResults).toHaveLength(expected.steps);
    if ('errorCode' in expected) expect(out.errorCode).toBe(expected.errorCode);
    if ('hint' in expected) expect(out.hint).toBe(expected.hint);
  });

  it('copies a first-failed ON_SCREEN_LOG_* code to errorCode (003:8133)', () => {
    const out = reconcileEnvelope(
      envelope({
        stepResults: [
          {
            id: 'l',
            actionType: 'set_on_screen_log',
            success: false,
            data: { errorCode: 'ON_SCREEN_LOG_RENDER_FAILED' },
          },
        ],
      }),
    );
    expect(out).toMatchObject({ status: 'failed', errorCode: 'ON_SCREEN_LOG_RENDER_FAILED' });
  });
});
