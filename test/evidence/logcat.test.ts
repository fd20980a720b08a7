import { describe, expect, it } from 'vitest';
import { withoutSnapshotXml } from '../../src/evidence/envelope-trim.js';
import { orderLogcat } from '../../src/evidence/logcat.js';

const LINES = [
  '12-01 02:49:16.100  1000  1000 I ActivityManager: Start proc 4242:com.example.app/u0a1',
  '12-01 02:49:16.150  2000  2000 I Androperator: [Androperator-Result] {"commandId":"c1"}',
  '12-01 02:49:16.200  4242  4242 D App: started',
  '12-01 02:49:16.300  1200  1300 W System: unrelated',
  '12-01 02:49:16.400  4242  4250 E App: crash',
].join('\n');

describe('orderLogcat', () => {
  it('learns the app pid from ActivityManager, puts its lines first and drops Operator result lines', () => {
    const lines = orderLogcat(LINES, { applicationId: 'com.example.app' }).trimEnd().split('\n');
    expect(lines).toEqual([
      '--------- 1 Operator result lines omitted (see timeline.json)',
      '--------- com.example.app: 3 lines',
      expect.stringContaining('Start proc 4242'),
      expect.stringContaining('App: started'),
      expect.stringContaining('App: crash'),
      '--------- everything else: 1 lines',
      expect.stringContaining('unrelated'),
    ]);
  });

  it('keeps the order when no app is known', () => {
    expect(orderLogcat('a\nb\n', {})).toBe('a\nb\n');
    expect(orderLogcat('', {})).toBe('');
  });
});

describe('withoutSnapshotXml', () => {
  it('omits only snapshot step text', () => {
    const envelope = {
      commandId: 'c',
      stepResults: [
        { actionType: 'snapshot', data: { text: '<hierarchy/>', other: '1' } },
        { actionType: 'read_text', data: { text: 'kept' } },
      ],
    };
    expect(withoutSnapshotXml(envelope)).toEqual({
      commandId: 'c',
      stepResults: [
        { actionType: 'snapshot', data: { text: '<omitted: 12 characters of hierarchy XML>', other: '1' } },
        { actionType: 'read_text', data: { text: 'kept' } },
      ],
    });
    expect(withoutSnapshotXml(null)).toBeNull();
  });
});
