import { afterEach, describe, expect, it } from 'vitest';
import type { VirtualDevice } from '../../src/virtual-device/device.js';
import { decodeChunks } from './chunk-decoder.js';
import { exec, fixtureDevice, listState, payloadOf, resultMessages, send, stepData } from './fixtures.js';

let device: VirtualDevice;
afterEach(() => device?.dispose());

const bigSnapshot = () => JSON.stringify(payloadOf([{ id: 'snap', type: 'snapshot' }]));

describe('apps, keys, sleep, host-side actions, recording', () => {
  it('open_app launches the package and waits until it is foreground (003:3053-3071)', async () => {
    device = fixtureDevice();
    device.android.activities.start({ packageName: 'com.example.launcher' });
    const envelope = await exec(device, [
      { id: 'o', type: 'open_app', params: { applicationId: 'com.example.list' } },
    ]);
    expect(stepData(envelope).application_id).toBe('com.example.list');
    expect(device.android.activities.foreground()?.packageName).toBe('com.example.list');
  });

  it('open_app of the foreground package succeeds without a transition (003:3068)', async () => {
    device = fixtureDevice();
    expect(
      (await exec(device, [{ id: 'o', type: 'open_app', params: { applicationId: 'com.example.list' } }]))
        .status,
    ).toBe('success');
  });

  it('open_app of a missing package is a failed step, not a crash (003:11004-11010)', async () => {
    device = fixtureDevice();
    const envelope = await exec(device, [
      { id: 'o', type: 'open_app', params: { applicationId: 'com.missing.app' } },
    ]);
    expect(envelope.stepResults[0].success).toBe(false);
  });

  it('open_uri reports the uri (003:10740-10760)', async () => {
    device = fixtureDevice();
    const envelope = await exec(device, [
      { id: 'u', type: 'open_uri', params: { uri: 'https://example.com' } },
    ]);
    expect(envelope.stepResults[0].data.uri).toBe('https://example.com');
  });

  it('press_key back leaves the app; keys are case-insensitive (003:2623-2651)', async () => {
    device = fixtureDevice();
    await exec(device, [{ id: 'k', type: 'press_key', params: { key: 'BACK' } }]);
    expect(device.android.activities.foreground()?.packageName).toBe('com.example.launcher');
  });

  it('an unsupported key is rejected (003:2640-2642)', async () => {
    device = fixtureDevice();
    expect(
      (await exec(device, [{ id: 'k', type: 'press_key', params: { key: 'volume_up' } }])).errorCode,
    ).toBe('EXECUTION_VALIDATION_FAILED');
  });

  it('sleep waits the requested device time (003:3020-3052)', async () => {
    device = fixtureDevice();
    const before = device.android.clock.elapsedRealtime();
    await exec(device, [{ id: 's', type: 'sleep', params: { durationMs: 1500 } }]);
    expect(device.android.clock.elapsedRealtime() - before).toBeGreaterThanOrEqual(1500);
  });

  it('swipe reports start, end, duration_ms and a coordinate_gesture receipt (003:2183-2187)', async () => {
    device = fixtureDevice();
    const data = stepData(
      await exec(device, [
        {
          id: 's',
          type: 'swipe',
          params: { start: { x: 500, y: 2000 }, end: { x: 500, y: 1200 }, durationMs: 300 },
        },
      ]),
    );
    expect(data).toMatchObject({
      start: '{"x":500,"y":2000}',
      end: '{"x":500,"y":1200}',
      duration_ms: '300',
      dispatch_method: 'coordinate_gesture',
      dispatch_accepted: 'true',
    });
  });

  it('a swipe outside the display is GESTURE_FAILED before dispatch (003:2165-2167, 003:2189-2190)', async () => {
    device = fixtureDevice();
    const data = stepData(
      await exec(device, [
        {
          id: 's',
          type: 'swipe',
          params: { start: { x: 5000, y: 10 }, end: { x: 10, y: 10 }, durationMs: 300 },
        },
      ]),
    );
    expect(data).toMatchObject({ error: 'GESTURE_FAILED', dispatch_accepted: 'false' });
  });

  it('drag reports hold_duration_ms and move_duration_ms (003:2256-2260)', async () => {
    device = fixtureDevice();
    const params = {
      start: { x: 600, y: 1600 },
      end: { x: 200, y: 1000 },
      holdDurationMs: 1200,
      moveDurationMs: 800,
    };
    const data = stepData(await exec(device, [{ id: 'd', type: 'drag', params }]));
    expect(data).toMatchObject({
      hold_duration_ms: '1200',
      move_duration_ms: '800',
      dispatch_method: 'coordinate_gesture',
    });
  });

  it('take_screenshot answers UNSUPPORTED_RUNTIME_SCREENSHOT for the host to replace (003:2960-2965)', async () => {
    device = fixtureDevice();
    expect(
      stepData(await exec(device, [{ id: 's', type: 'take_screenshot', params: { path: '/tmp/x.png' } }]))
        .error,
    ).toBe('UNSUPPORTED_RUNTIME_SCREENSHOT');
  });

  it('close_app answers UNSUPPORTED_RUNTIME_CLOSE with application_id (003:2994-2997, 003:7960)', async () => {
    device = fixtureDevice();
    const data = stepData(
      await exec(device, [{ id: 'c', type: 'close_app', params: { applicationId: 'com.example.list' } }]),
    );
    expect(data).toMatchObject({ error: 'UNSUPPORTED_RUNTIME_CLOSE', application_id: 'com.example.list' });
  });

  it('recording writes a recording_header and the dispatched clicks as NDJSON (003:11741-11830)', async () => {
    device = fixtureDevice();
    const envelope = await exec(device, [
      { id: 'r1', type: 'start_recording', params: { sessionId: 'demo-session' } },
      { id: 'c', type: 'click', params: { matcher: { resourceId: 'com.example.list:id/wifi' } } },
      { id: 'r2', type: 'stop_recording', params: { sessionId: 'demo-session' } },
    ]);
    const path = stepData(envelope, 2).filePath;
    const lines =
      device.android.fs
        .read(path)
        ?.toString()
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l)) ?? [];
    expect(lines[0]).toMatchObject({
      type: 'recording_header',
      schemaVersion: 1,
      sessionId: 'demo-session',
      operatorPackage: 'com.androperator.operator',
    });
    expect(lines[1]).toMatchObject({ seq: 0, type: 'click', resourceId: 'com.example.list:id/wifi' });
  });

  it('a second start is RECORDING_ALREADY_IN_PROGRESS; stop without start is RECORDING_NOT_IN_PROGRESS (003:12027-12086)', async () => {
    device = fixtureDevice();
    const envelope = await exec(device, [
      { id: 'r0', type: 'stop_recording' },
      { id: 'r1', type: 'start_recording' },
      { id: 'r2', type: 'start_recording' },
    ]);
    expect(envelope.stepResults.map((s) => s.data.error ?? 'ok')).toEqual([
      'RECORDING_NOT_IN_PROGRESS',
      'ok',
      'RECORDING_ALREADY_IN_PROGRESS',
    ]);
  });
});

describe('Operator process and fault switches', () => {
  it('one Operator variant by default (the release package) with droidproof`s versionName (BRIEF Operator version)', () => {
    device = fixtureDevice();
    expect(device.android.packages.versionName('com.androperator.operator')).toMatch(/^\d+\.\d+\.\d+$/);
    expect(device.android.packages.isInstalled('com.androperator.operator.dev')).toBe(false);
  });

  it('the .dev variant, when asked for, carries -d; --operator-version sets the versionName', () => {
    device = fixtureDevice({
      operator: { packages: ['com.androperator.operator', 'com.androperator.operator.dev'] },
    });
    expect(device.android.packages.versionName('com.androperator.operator.dev')).toMatch(/^\d+\.\d+\.\d+-d$/);
    device.dispose();
    device = fixtureDevice({ operator: { version: '9.8.7' } });
    expect(device.android.packages.versionName('com.androperator.operator')).toBe('9.8.7');
  });

  it('the result is logged as one [Androperator-Result] line by the Operator process (BRIEF Results)', async () => {
    device = fixtureDevice();
    const envelope = await exec(device, [{ id: 'h', type: 'doctor_ping' }]);
    expect(resultMessages(device)).toEqual([`[Androperator-Result] ${JSON.stringify(envelope)}`]);
  });

  it('a large snapshot is logged as chunk lines that reassemble to the envelope (BRIEF Results; 003:4871-4872)', async () => {
    device = fixtureDevice();
    const envelope = await send(device, bigSnapshot());
    const decoded = decodeChunks(resultMessages(device));
    expect(decoded).toEqual({ ok: true, line: `[Androperator-Result] ${JSON.stringify(envelope)}` });
  });

  it('chunk loss in the middle leaves a gap (BRIEF Results: gap is RESULT_ENVELOPE_MALFORMED)', async () => {
    device = fixtureDevice({ operator: { faults: { dropChunk: 'middle' } } });
    await send(device, bigSnapshot());
    expect(decodeChunks(resultMessages(device))).toEqual({ ok: false, reason: 'gap' });
  });

  it('chunk loss at the tail leaves the result incomplete (BRIEF Results: missing tail -> RESULT_ENVELOPE_TIMEOUT)', async () => {
    device = fixtureDevice({ operator: { faults: { dropChunk: 'tail' } } });
    await send(device, bigSnapshot());
    expect(decodeChunks(resultMessages(device))).toEqual({ ok: false, reason: 'incomplete' });
  });

  it('a bad checksum is detectable after reassembly (BRIEF Results: checksum -> RESULT_ENVELOPE_MALFORMED)', async () => {
    device = fixtureDevice({ operator: { faults: { corruptChecksum: true } } });
    await send(device, bigSnapshot());
    expect(decodeChunks(resultMessages(device))).toEqual({ ok: false, reason: 'checksum' });
  });

  it('a crash mid-execution publishes nothing and restarts the process without replaying (003:17167-17192, 003:1784-1786)', async () => {
    device = fixtureDevice({ operator: { faults: { crashBeforeAction: 1 } } });
    const payload = JSON.stringify(
      payloadOf([
        { id: 'a1', type: 'click', params: { matcher: { resourceId: 'com.example.list:id/wifi' } } },
        { id: 'a2', type: 'snapshot' },
      ]),
    );
    expect(await send(device, payload)).toBeUndefined();
    expect(resultMessages(device)).toEqual([]);
    expect(listState(device).wifi).toBe(true);
    expect(device.android.logcat.dump().some((e) => e.message.startsWith('FATAL EXCEPTION'))).toBe(true);
  });

  it('an unparseable payload publishes no result but is counted as received (issue fault list)', async () => {
    device = fixtureDevice();
    expect(await send(device, "{'broken")).toBeUndefined();
    expect(resultMessages(device)).toEqual([]);
    expect(device.operator().state.dispatchesReceived).toBe(1);
  });

  it('the Operator counts dispatches so tests can prove a mutation was not replayed (BRIEF Principles)', async () => {
    device = fixtureDevice();
    await exec(device, [
      { id: 'c', type: 'click', params: { matcher: { resourceId: 'com.example.list:id/wifi' } } },
    ]);
    expect(device.operator().state.dispatchesReceived).toBe(1);
    expect(listState(device).wifi).toBe(true);
  });

  it('with the accessibility service off, UI executions fail SERVICE_UNAVAILABLE with zero steps (003:7787-7800)', async () => {
    device = fixtureDevice({ operator: { faults: { accessibilityOff: true } } });
    expect(await exec(device, [{ id: 's', type: 'snapshot' }])).toMatchObject({
      errorCode: 'SERVICE_UNAVAILABLE',
      stepResults: [],
    });
  });

  it('with the accessibility service off, notification reads still work (001:16)', async () => {
    device = fixtureDevice({ operator: { faults: { accessibilityOff: true } } });
    expect((await exec(device, [{ id: 'n', type: 'list_notifications' }])).status).toBe('success');
  });

  it('not installed: no Operator package and no receiver (003:8152-8166)', () => {
    device = fixtureDevice({ operator: { faults: { notInstalled: true } } });
    expect(device.android.packages.isInstalled('com.androperator.operator')).toBe(false);
    expect(device.operators.size).toBe(0);
    expect(() => device.operator()).toThrowError(expect.objectContaining({ code: 'OPERATOR_NOT_INSTALLED' }));
  });

  it('the clawperator dialect installs com.clawperator.operator[.dev] and logs [Clawperator-Result] (BRIEF clawperator dialect)', async () => {
    device = fixtureDevice({ operator: { dialect: 'clawperator' } });
    expect([...device.operators.keys()]).toEqual(['com.clawperator.operator']);
    await exec(device, [{ id: 'h', type: 'doctor_ping' }]);
    expect(resultMessages(device, '[Clawperator-Result]')).toHaveLength(1);
  });

  it('executions queue: the second waits for the first and both answer (003:7684)', async () => {
    device = fixtureDevice();
    const first = send(
      device,
      JSON.stringify(payloadOf([{ id: 's', type: 'sleep', params: { durationMs: 500 } }])),
    );
    const second = send(device, JSON.stringify(payloadOf([{ id: 'h', type: 'doctor_ping' }])));
    const [a, b] = await Promise.all([first, second]);
    expect([a?.status, b?.status]).toEqual(['success', 'success']);
    expect(resultMessages(device).map((m) => JSON.parse(m.slice(22)).stepResults[0].id)).toEqual(['s', 'h']);
  });
});
