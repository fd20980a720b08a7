import { describe, expect, it } from 'vitest';
import { resolveDevice } from '../../../src/actuator/adb/devices.js';
import { resolveAdbServer } from '../../../src/actuator/adb/server-address.js';
import { DIALECTS, selectOperatorPackage } from '../../../src/contract/dialect.js';

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    return (error as { code?: string }).code;
  }
  return undefined;
}

describe('resolveDevice (seed 003 "Resolution Rules")', () => {
  const one = [
    { serial: 'emulator-5554', state: 'device' },
    { serial: 'R58', state: 'offline' },
  ];
  const two = [
    { serial: 'a', state: 'device' },
    { serial: 'b', state: 'device' },
  ];

  it('auto-selects the only target in state device', () => {
    expect(resolveDevice(one)).toBe('emulator-5554');
  });
  it('fails NO_DEVICES when nothing is in state device', () => {
    expect(codeOf(() => resolveDevice([{ serial: 'x', state: 'unauthorized' }]))).toBe('NO_DEVICES');
    expect(codeOf(() => resolveDevice([]))).toBe('NO_DEVICES');
  });
  it('fails MULTIPLE_DEVICES_DEVICE_ID_REQUIRED with the serials in details', () => {
    try {
      resolveDevice(two);
      expect.unreachable();
    } catch (error) {
      expect(error).toMatchObject({
        code: 'MULTIPLE_DEVICES_DEVICE_ID_REQUIRED',
        details: { devices: ['a', 'b'] },
      });
    }
  });
  it('uses a requested serial in state device, and refuses others with DEVICE_NOT_FOUND', () => {
    expect(resolveDevice(two, 'b')).toBe('b');
    expect(codeOf(() => resolveDevice(one, 'R58'))).toBe('DEVICE_NOT_FOUND');
    expect(codeOf(() => resolveDevice(one, 'nope'))).toBe('DEVICE_NOT_FOUND');
  });
});

describe('adb server address and Operator package selection', () => {
  it('defaults to ANDROID_ADB_SERVER_PORT, then 5037', () => {
    expect(resolveAdbServer({}, { ANDROID_ADB_SERVER_PORT: '6001' })).toEqual({
      host: '127.0.0.1',
      port: 6001,
    });
    expect(resolveAdbServer({}, {})).toEqual({ host: '127.0.0.1', port: 5037 });
    expect(resolveAdbServer({ adbHost: 'h', adbPort: 1 }, { ANDROID_ADB_SERVER_PORT: '6001' })).toEqual({
      host: 'h',
      port: 1,
    });
  });
  it('picks explicit, then the environment, then the release package: never the other variant', () => {
    const d = DIALECTS.androperator;
    expect(selectOperatorPackage(d, 'com.androperator.operator.dev', {})).toBe(
      'com.androperator.operator.dev',
    );
    expect(selectOperatorPackage(d, undefined, { DROIDPROOF_OPERATOR_PACKAGE: ' x.y ' })).toBe('x.y');
    expect(selectOperatorPackage(d, undefined, {})).toBe('com.androperator.operator');
    expect(selectOperatorPackage(DIALECTS.clawperator, undefined, {})).toBe('com.clawperator.operator');
  });
});
