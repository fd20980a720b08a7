import { afterEach, describe, expect, it } from 'vitest';
import type { VirtualDevice } from '../../src/virtual-device/device.js';
import { exec, fixtureDevice, listState, payloadOf, send } from './fixtures.js';

let device: VirtualDevice;
afterEach(() => device?.dispose());

describe('execution sequencing', () => {
  it('a returned failed step lets later actions run; the envelope is failed (003:1776-1779, 003:1634)', async () => {
    device = fixtureDevice();
    const envelope = await exec(device, [
      { id: 'a1', type: 'read_text', params: { matcher: { textEquals: 'Nope' }, retry: { maxAttempts: 1 } } },
      { id: 'a2', type: 'click', params: { matcher: { resourceId: 'com.example.list:id/wifi' } } },
    ]);
    expect(envelope.status).toBe('failed');
    expect(envelope.stepResults.map((s) => [s.id, s.success])).toEqual([
      ['a1', false],
      ['a2', true],
    ]);
    expect(envelope.stepResults[0].data).toMatchObject({
      error: 'NODE_NOT_FOUND',
      errorCode: 'NODE_NOT_FOUND',
    });
    expect(listState(device).wifi).toBe(true);
  });

  it('a thrown failure stops the sequence, keeps prior steps and names the failure at top level (003:1770-1774)', async () => {
    device = fixtureDevice();
    const envelope = await exec(device, [
      { id: 'a1', type: 'snapshot' },
      { id: 'a2', type: 'click', params: { matcher: { textEquals: 'Open' }, strict: true } },
      { id: 'a3', type: 'click', params: { matcher: { resourceId: 'com.example.list:id/wifi' } } },
    ]);
    expect(envelope.stepResults.map((s) => s.id)).toEqual(['a1', 'a2']);
    expect(envelope).toMatchObject({ status: 'failed', errorCode: 'NODE_AMBIGUOUS' });
    expect(envelope.stepResults[1].data.errorCode).toBe('NODE_AMBIGUOUS');
    expect(listState(device).wifi).toBe(false);
  });

  it('the returned-failure envelope error names the first failed step (003:7766-7780)', async () => {
    device = fixtureDevice();
    const envelope = await exec(device, [{ id: 'r1', type: 'take_screenshot' }]);
    expect(envelope.error).toBe('Step r1 (take_screenshot) failed: UNSUPPORTED_RUNTIME_SCREENSHOT');
    expect(envelope.errorCode).toBeNull();
  });

  it('a successful envelope has error and errorCode null (003:1500-1516)', async () => {
    device = fixtureDevice();
    expect(await exec(device, [{ id: 's', type: 'snapshot' }])).toMatchObject({
      status: 'success',
      error: null,
      errorCode: null,
    });
  });

  it('commandId and taskId are echoed back (003:1411-1412)', async () => {
    device = fixtureDevice();
    const payload = payloadOf([{ id: 's', type: 'doctor_ping' }]);
    const envelope = await send(device, JSON.stringify(payload));
    expect(envelope).toMatchObject({ commandId: payload.commandId, taskId: payload.taskId });
  });

  it('COMMAND_TIMEOUT ends the execution with the collected steps (003:1640-1642, 003:7684)', async () => {
    device = fixtureDevice();
    const envelope = await exec(
      device,
      [
        { id: 'a1', type: 'snapshot' },
        { id: 'a2', type: 'sleep', params: { durationMs: 5000 } },
        { id: 'a3', type: 'click', params: { matcher: { resourceId: 'com.example.list:id/wifi' } } },
      ],
      { timeoutMs: 1000 },
    );
    expect(envelope).toMatchObject({ status: 'failed', errorCode: 'COMMAND_TIMEOUT' });
    expect(envelope.stepResults.map((s) => [s.id, s.success])).toEqual([
      ['a1', true],
      ['a2', false],
    ]);
    expect(listState(device).wifi).toBe(false);
  });

  it('a command timeout during a gesture keeps its dispatch receipt and does not replay it (003:2190-2196)', async () => {
    device = fixtureDevice();
    const envelope = await exec(
      device,
      [
        {
          id: 'd',
          type: 'drag',
          params: {
            start: { x: 500, y: 1500 },
            end: { x: 500, y: 1000 },
            holdDurationMs: 5000,
            moveDurationMs: 100,
          },
        },
      ],
      { timeoutMs: 1000 },
    );
    expect(envelope.errorCode).toBe('COMMAND_TIMEOUT');
    expect(envelope.stepResults[0].data).toMatchObject({
      errorCode: 'COMMAND_TIMEOUT',
      dispatch_method: 'coordinate_gesture',
      dispatch_accepted: 'true',
    });
  });

  it('an unknown action type fails the whole execution with no steps (003:7881)', async () => {
    device = fixtureDevice();
    const envelope = await exec(device, [
      { id: 's', type: 'snapshot' },
      { id: 'x', type: 'fly' },
    ]);
    expect(envelope).toMatchObject({
      status: 'failed',
      errorCode: 'EXECUTION_ACTION_UNSUPPORTED',
      stepResults: [],
    });
  });

  it('invalid action params fail before any action runs (no prefix runs) (003:7980-8010, 001:16)', async () => {
    device = fixtureDevice();
    const envelope = await exec(device, [
      { id: 'a1', type: 'click', params: { matcher: { resourceId: 'com.example.list:id/wifi' } } },
      { id: 'a2', type: 'swipe', params: { start: { x: 1, y: 1 }, end: { x: 1, y: 1 }, durationMs: 10 } },
    ]);
    expect(envelope).toMatchObject({ errorCode: 'EXECUTION_VALIDATION_FAILED', stepResults: [] });
    expect(listState(device).wifi).toBe(false);
  });
});

describe('interactive readiness', () => {
  it('a locked device fails UI executions with DEVICE_NOT_INTERACTIVE before dispatch (003:8233-8263)', async () => {
    device = fixtureDevice();
    device.android.power.lock();
    const envelope = await exec(device, [
      { id: 'c', type: 'click', params: { matcher: { resourceId: 'com.example.list:id/wifi' } } },
    ]);
    expect(envelope).toMatchObject({ errorCode: 'DEVICE_NOT_INTERACTIVE', stepResults: [] });
  });

  it('a screen that is off fails UI executions the same way (003:8255-8258)', async () => {
    device = fixtureDevice();
    device.android.power.sleep();
    expect((await exec(device, [{ id: 's', type: 'snapshot' }])).errorCode).toBe('DEVICE_NOT_INTERACTIVE');
  });

  it('observation-only executions bypass readiness on a locked, dark device (001:16, 003:3269-3272)', async () => {
    device = fixtureDevice();
    device.android.power.sleep();
    const envelope = await exec(device, [
      { id: 'n', type: 'list_notifications' },
      { id: 'm', type: 'list_media_sessions' },
    ]);
    expect(envelope.status).toBe('success');
    expect(JSON.parse(envelope.stepResults[0].data.payload).deviceState).toEqual({
      screenOn: false,
      deviceLocked: true,
      userUnlocked: true,
    });
    expect(device.android.power.screenOn).toBe(false);
  });

  it('adding a UI action to an observation list restores whole-execution readiness (001:16)', async () => {
    device = fixtureDevice();
    device.android.power.lock();
    const envelope = await exec(device, [
      { id: 'n', type: 'list_notifications' },
      { id: 's', type: 'snapshot' },
    ]);
    expect(envelope).toMatchObject({ errorCode: 'DEVICE_NOT_INTERACTIVE', stepResults: [] });
  });

  it('notification mutations keep readiness even without UI actions (001:44)', async () => {
    device = fixtureDevice();
    device.android.power.lock();
    const envelope = await exec(device, [
      { id: 'd', type: 'dismiss_notification', params: { notificationKey: 'k' } },
    ]);
    expect(envelope.errorCode).toBe('DEVICE_NOT_INTERACTIVE');
  });

  it('before the first unlock after reboot, executions fail DEVICE_USER_NOT_UNLOCKED (001:16)', async () => {
    device = fixtureDevice();
    device.android.reboot();
    device.android.clock.advance(1);
    const envelope = await exec(device, [{ id: 'n', type: 'list_notifications' }]);
    expect(envelope).toMatchObject({ errorCode: 'DEVICE_USER_NOT_UNLOCKED', stepResults: [] });
  });

  it('doctor_ping answers while locked, with string booleans (BRIEF Doctor handshake; 003:7001-7002)', async () => {
    device = fixtureDevice();
    device.android.power.lock();
    const envelope = await exec(device, [{ id: 'h1', type: 'doctor_ping' }]);
    expect(envelope.stepResults[0].data).toEqual({
      developer_options_enabled: 'true',
      usb_debugging_enabled: 'true',
      screen_on: 'true',
      device_locked: 'true',
      user_unlocked: 'true',
    });
  });

  it('doctor_ping reports disabled developer options and USB debugging as "false" (003:6979-7004)', async () => {
    device = fixtureDevice();
    device.android.settings.put('global', 'development_settings_enabled', '0');
    device.android.settings.put('global', 'adb_enabled', '0');
    const data = (await exec(device, [{ id: 'h1', type: 'doctor_ping' }])).stepResults[0].data;
    expect([data.developer_options_enabled, data.usb_debugging_enabled]).toEqual(['false', 'false']);
  });
});
