import { describe, expect, it } from 'vitest';
import {
  contractActionType,
  DIALECTS,
  deviceActionType,
  returnsFailure,
  selectOperatorPackage,
  wireActionType,
} from './dialect.js';

describe('Operator dialect tables', () => {
  const { androperator, clawperator } = DIALECTS;

  it('map contract action names to each Operator and back', () => {
    expect(wireActionType(clawperator, 'snapshot')).toBe('snapshot_ui');
    expect(contractActionType(clawperator, 'snapshot_ui')).toBe('snapshot');
    expect(wireActionType(androperator, 'snapshot')).toBe('snapshot');
  });

  it('read a raw type the way each Operator does: case, aliases, supported actions', () => {
    expect(deviceActionType(clawperator, 'FIND_NODE')).toBe('wait_for_node');
    expect(deviceActionType(clawperator, 'snapshot_ui')).toBe('snapshot');
    expect(deviceActionType(clawperator, 'snapshot')).toBeUndefined();
    expect(deviceActionType(clawperator, 'query_ui')).toBeUndefined();
    expect(deviceActionType(androperator, 'FIND_NODE')).toBeUndefined();
    expect(deviceActionType(androperator, 'snapshot_ui')).toBe('snapshot');
    expect(deviceActionType(androperator, 'key_press')).toBe('press_key');
  });

  it('know which failed steps end a run', () => {
    expect(returnsFailure(androperator, 'wait_for_node')).toBe(true);
    expect(returnsFailure(clawperator, 'wait_for_node')).toBe(false);
    expect(returnsFailure(clawperator, 'read_text')).toBe(true);
  });
});

describe('selectOperatorPackage', () => {
  const { androperator } = DIALECTS;

  it("prefers the option, then DROIDPROOF_OPERATOR_PACKAGE, then the seeds' ANDROPERATOR_OPERATOR_PACKAGE (003:6589, 003:8660)", () => {
    const env = { DROIDPROOF_OPERATOR_PACKAGE: 'a.dp', ANDROPERATOR_OPERATOR_PACKAGE: 'a.seed' };
    expect(selectOperatorPackage(androperator, 'a.explicit', env)).toBe('a.explicit');
    expect(selectOperatorPackage(androperator, undefined, env)).toBe('a.dp');
    expect(selectOperatorPackage(androperator, undefined, { ANDROPERATOR_OPERATOR_PACKAGE: 'a.seed' })).toBe(
      'a.seed',
    );
  });

  it('ignores blank values and falls back to the release package', () => {
    const env = { DROIDPROOF_OPERATOR_PACKAGE: '  ', ANDROPERATOR_OPERATOR_PACKAGE: '' };
    expect(selectOperatorPackage(androperator, ' ', env)).toBe('com.androperator.operator');
  });
});
