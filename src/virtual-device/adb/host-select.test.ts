import { describe, expect, it } from 'vitest';
import { createFakeDevice } from '../../../test/virtual-device/fake-device.js';
import { AdbDevice } from './device.js';
import { acquireDevice, parseHostRequest, parseTransportCommand } from './host-select.js';

describe('host request parsing', () => {
  it('matches serials that contain colons by known prefix', () => {
    expect(parseHostRequest('host-serial:127.0.0.1:6555:get-state', ['127.0.0.1:6555'])).toEqual({
      selector: { kind: 'serial', serial: '127.0.0.1:6555' },
      command: 'get-state',
    });
    expect(parseHostRequest('host-serial:10.0.0.1:5555:forward:tcp:1;tcp:2', [])).toEqual({
      selector: { kind: 'serial', serial: '10.0.0.1:5555' },
      command: 'forward:tcp:1;tcp:2',
    });
    expect(parseHostRequest('host-transport-id:7:features', [])).toEqual({
      selector: { kind: 'id', id: 7 },
      command: 'features',
    });
    expect(parseHostRequest('shell:echo', [])).toBeUndefined();
  });

  it('recognises every transport-switch spelling', () => {
    expect(parseTransportCommand('transport:virtual-5554')).toEqual({
      selector: { kind: 'serial', serial: 'virtual-5554' },
      tport: false,
    });
    expect(parseTransportCommand('tport:serial:127.0.0.1:6555')).toEqual({
      selector: { kind: 'serial', serial: '127.0.0.1:6555' },
      tport: true,
    });
    expect(parseTransportCommand('transport-id:3')).toEqual({
      selector: { kind: 'id', id: 3 },
      tport: false,
    });
    expect(parseTransportCommand('tport:any')).toEqual({ selector: { kind: 'any' }, tport: true });
    expect(parseTransportCommand('devices')).toBeUndefined();
  });

  it('picks devices and fails with the real server texts', () => {
    const one = { device: new AdbDevice(createFakeDevice('virtual-5554')), transportId: 1 };
    const two = { device: new AdbDevice(createFakeDevice('virtual-5556')), transportId: 2 };
    expect(acquireDevice([one, two], { kind: 'id', id: 2 }, false)).toEqual({ device: two });
    expect(acquireDevice([one], { kind: 'local' }, false)).toEqual({ device: one });
    expect(acquireDevice([one, two], { kind: 'local' }, false)).toEqual({ error: 'more than one emulator' });
    expect(acquireDevice([], { kind: 'any' }, false)).toEqual({ error: 'no devices/emulators found' });
    expect(acquireDevice([one], { kind: 'id', id: 9 }, false)).toEqual({
      error: "no device with transport id '9'",
    });
    two.device.goOffline({ listed: true });
    expect(acquireDevice([two], { kind: 'any' }, false)).toEqual({ error: 'device offline' });
    expect(acquireDevice([two], { kind: 'any' }, true)).toEqual({ device: two });
  });
});
