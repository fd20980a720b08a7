import { describe, expect, it } from 'vitest';
import {
  dryRunWrapper,
  ERROR_CODE_LIST,
  ERROR_CODES,
  ExecutionResultWrapperSchema,
  firstFailedStep,
  isErrorCode,
  ResultEnvelopeSchema,
  validateExecution,
} from './index.js';

const wrapper = {
  envelope: {
    commandId: 'cmd-001',
    taskId: 'task-001',
    status: 'success',
    stepResults: [{ id: 'snap-1', actionType: 'snapshot', success: true, data: { text: '<hierarchy/>' } }],
    error: null,
  },
  deviceId: 'emulator-5554',
  terminalSource: 'androperator_result',
  isCanonicalTerminal: true,
};

describe('result envelope and wrappers', () => {
  it('parses the seed wrapper example', () => {
    expect(ExecutionResultWrapperSchema.parse(wrapper)).toEqual(wrapper);
  });

  it('requires string-valued step data except extractionDiagnostics', () => {
    const step = (data: unknown) => ({
      ...wrapper.envelope,
      stepResults: [{ ...wrapper.envelope.stepResults[0], data }],
    });
    expect(ResultEnvelopeSchema.safeParse(step({ candidate_count: 3 })).success).toBe(false);
    expect(
      ResultEnvelopeSchema.safeParse(step({ extractionDiagnostics: { lines: 3 }, text: 'x' })).success,
    ).toBe(true);
  });

  it('finds the first failed step', () => {
    const envelope = ResultEnvelopeSchema.parse({
      ...wrapper.envelope,
      status: 'failed',
      errorCode: 'SERVICE_UNAVAILABLE',
      stepResults: [
        { id: 'a', actionType: 'click', success: true, data: {} },
        { id: 'b', actionType: 'click', success: false, data: { errorCode: 'NODE_NOT_FOUND' } },
      ],
    });
    expect(firstFailedStep(envelope)?.id).toBe('b');
  });

  it('builds the dry-run plan from a normalized execution', () => {
    const execution = validateExecution({
      commandId: 'cmd-001',
      taskId: 't',
      source: 's',
      expectedFormat: 'android-ui-automator',
      timeoutMs: 30000,
      actions: [{ id: 'snap-1', type: 'snapshot' }],
    });
    expect(dryRunWrapper(execution)).toEqual({
      ok: true,
      dryRun: true,
      plan: {
        commandId: 'cmd-001',
        timeoutMs: 30000,
        actionCount: 1,
        actions: [{ id: 'snap-1', type: 'snapshot' }],
      },
    });
  });
});

describe('error-code catalogue', () => {
  it('holds the seed table codes something can produce (85 of its 119) plus runtime, usage, wrapper and droidproof codes', () => {
    expect(ERROR_CODE_LIST.filter((code) => ERROR_CODES[code].kind === 'public')).toHaveLength(85);
    for (const code of [
      'EXECUTION_VALIDATION_FAILED',
      'PAYLOAD_TOO_LARGE',
      'NODE_AMBIGUOUS',
      'USAGE',
      'SERVICE_UNAVAILABLE',
    ]) {
      expect(isErrorCode(code)).toBe(true);
    }
    expect(isErrorCode('toString')).toBe(false);
    for (const code of ERROR_CODE_LIST) expect(ERROR_CODES[code].meaning.length).toBeGreaterThan(5);
  });
});
