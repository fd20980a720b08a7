import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import {
  ExecutionValidationError,
  LIMITS,
  PayloadTooLargeError,
  safeValidateExecution,
  validateExecution,
} from './index.js';

const base = {
  commandId: 'c',
  taskId: 't',
  source: 's',
  expectedFormat: 'android-ui-automator',
  timeoutMs: 30_000,
};
const withAction = (action: unknown) => ({ ...base, actions: [action] });

function failure(input: unknown) {
  const result = safeValidateExecution(input);
  if (result.ok) throw new Error('expected a validation failure');
  return result.error;
}

describe('validateExecution on hostile input', () => {
  it.each([
    [
      'a cycle',
      () => {
        const action: Record<string, unknown> = { id: 'a', type: 'snapshot' };
        action.params = action;
        return withAction(action);
      },
      'actions.0.params',
      'circular reference',
    ],
    [
      'a throwing getter',
      () =>
        withAction(
          Object.defineProperty({ id: 'a' }, 'type', {
            enumerable: true,
            get() {
              throw new Error('boom');
            },
          }),
        ),
      'actions.0.type',
      'could not be read',
    ],
    [
      'a BigInt',
      () => ({ ...base, timeoutMs: BigInt(30_000), actions: [] }),
      'timeoutMs',
      'bigint is not a JSON value',
    ],
    [
      'a Date',
      () => withAction({ id: 'a', type: 'snapshot', params: new Date() }),
      'actions.0.params',
      'plain JSON object',
    ],
    ['NaN', () => ({ ...base, timeoutMs: Number.NaN }), 'timeoutMs', 'finite JSON number'],
    [
      'a sparse array',
      () => ({ ...base, actions: new Array(2) }),
      'actions.0',
      'undefined is not a JSON value',
    ],
    [
      'deep nesting',
      () => {
        let deep: unknown = {};
        for (let i = 0; i < 100_000; i++) deep = { d: deep };
        return deep;
      },
      'd'.repeat(33).split('').join('.'),
      'deeper than',
    ],
  ])('rejects %s with a typed error and its path', (_name, make, path, reason) => {
    const error = failure(make());
    expect(error).toBeInstanceOf(ExecutionValidationError);
    expect(error.details.path).toBe(path);
    expect(error.message).toContain(reason);
  });

  it('treats a __proto__ key as an ordinary unknown key and pollutes nothing', () => {
    const error = failure(
      JSON.parse(`{"__proto__":{"polluted":1},${JSON.stringify(base).slice(1, -1)},"actions":[]}`),
    );
    expect(error.details.path).toBe('actions');
    const error2 = failure(
      JSON.parse(
        `{${JSON.stringify(base).slice(1, -1)},"actions":[{"id":"a","type":"snapshot","params":{"__proto__":{}}}]}`,
      ),
    );
    expect(error2.details).toMatchObject({ path: 'actions.0.params.__proto__', invalidKeys: ['__proto__'] });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('rejects a huge array as too large without walking it', () => {
    const error = failure({ ...base, actions: new Array(10_000_000) });
    expect(error).toBeInstanceOf(PayloadTooLargeError);
    expect(error.toJSON()).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: `payload exceeds ${LIMITS.MAX_PAYLOAD_BYTES} serialized bytes`,
      details: { path: '', limitBytes: LIMITS.MAX_PAYLOAD_BYTES },
    });
  });

  it('counts bytes, not characters, against the 64000 limit', () => {
    // 3 bytes per character: about 22,000 characters exceed the limit in UTF-8 only.
    const text = '€'.repeat(2048);
    const actions = Array.from({ length: 11 }, (_, i) => ({
      id: `t${i}`,
      type: 'show_toast',
      params: { text },
    }));
    expect(JSON.stringify({ ...base, actions }).length).toBeLessThan(LIMITS.MAX_PAYLOAD_BYTES);
    expect(failure({ ...base, actions })).toBeInstanceOf(PayloadTooLargeError);
    expect(validateExecution({ ...base, actions: actions.slice(0, 10) }).actions).toHaveLength(10);
  });

  it('rejects non-object payloads at the root', () => {
    for (const input of [null, 'text', 42, [], undefined]) expect(failure(input).details.path).toBe('');
  });
});

describe('validateExecution normalization', () => {
  it('does not mutate its input and drops undefined properties like JSON', () => {
    const input = {
      ...base,
      mode: undefined,
      actions: [{ id: 'a', type: 'tap', params: { selector: { id: 'x' } } }],
    };
    const frozen = structuredClone(input);
    expect(validateExecution(input)).toStrictEqual({
      ...base,
      actions: [{ id: 'a', type: 'click', params: { matcher: { resourceId: 'x' } } }],
    });
    expect(input).toStrictEqual(frozen);
  });

  it('accepts an execution built in another realm (a Jest test file) and normalizes it', () => {
    const input = runInNewContext(
      '({ ...base, actions: [{ id: "a", type: "tap", params: { selector: { id: "x" } } }] })',
      { base },
    );
    expect(validateExecution(input)).toStrictEqual({
      ...base,
      actions: [{ id: 'a', type: 'click', params: { matcher: { resourceId: 'x' } } }],
    });
  });

  it('reports the action id and canonical type of a failing action', () => {
    const error = failure(
      withAction({ id: 'wait-1', type: 'wait_for_navigation', params: { expectedPackage: 'p' } }),
    );
    expect(error.toJSON()).toEqual({
      code: 'EXECUTION_VALIDATION_FAILED',
      message: 'wait_for_navigation requires params.timeoutMs > 0',
      details: { path: 'actions.0.params.timeoutMs', actionId: 'wait-1', actionType: 'wait_for_navigation' },
    });
  });

  it('hints at the removed snapshot format parameter', () => {
    expect(
      failure(withAction({ id: 's', type: 'snapshot', params: { format: 'xml' } })).details.hint,
    ).toMatch(/format' was removed/);
  });
});
