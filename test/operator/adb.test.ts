/**
 * End to end through the real adb server: raw `am broadcast` payloads reach
 * the virtual Operator over the wire, and the result lines come back through
 * `logcat`. One test per action type (35) plus the main error codes and a
 * 3,000-node snapshot that arrives as verified chunks.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { column, defineApp, text } from '../../src/virtual-device/android/index.js';
import { createVirtualDevice, type VirtualDevice } from '../../src/virtual-device/device.js';
import { startVirtualFarm, type VirtualFarm } from '../../src/virtual-device/farm.js';
import { hasAdb, type PrivateAdbServer, startPrivateAdbServer } from '../virtual-device/adb-server.js';
import { OperatorClient } from './adb-operator-client.js';
import { LAUNCHER, LIST_APP, listState } from './fixtures.js';

const HUGE = defineApp({
  packageName: 'com.example.huge',
  label: 'Huge',
  initialState: () => ({}),
  // 1 frame + 1 column + 2998 rows = 3000 nodes (the content frame adds one more).
  screens: {
    main: () => column(Array.from({ length: 2998 }, (_, i) => text(`Row ${i}`, { id: 'row', height: 1 }))),
  },
});

const WIFI = { resourceId: 'com.example.list:id/wifi' };

describe.skipIf(!hasAdb)('virtual Operator through the real adb server', () => {
  let server: PrivateAdbServer;
  let farm: VirtualFarm;
  let device: VirtualDevice;
  let client: OperatorClient;

  const run = (actions: unknown[], options?: Parameters<OperatorClient['execute']>[1]) =>
    client.execute(actions, options);
  const first = async (action: Record<string, unknown>) => (await run([action])).envelope.stepResults[0];

  beforeAll(async () => {
    server = await startPrivateAdbServer();
    farm = await startVirtualFarm({
      devices: 1,
      adbServerPort: server.port,
      createDevice: (serial) => {
        device = createVirtualDevice({ serial, apps: [LAUNCHER, LIST_APP, HUGE] });
        device.android.activities.start({ packageName: LIST_APP.packageName });
        return device;
      },
    });
    client = new OperatorClient({ adbPort: server.port, serial: farm.devices[0].adbServerSerial });
    await client.start();
  });

  afterAll(async () => {
    client?.stop();
    await farm?.stop();
    device?.dispose();
    await server?.stop();
  });

  it('am broadcast delivers to the Operator receiver (BRIEF Dispatch)', async () => {
    const output = await client.broadcast('{"broken');
    expect(output).toContain('Broadcast completed');
    expect(device.operator().state.dispatchesReceived).toBeGreaterThanOrEqual(1);
  });

  it('doctor_ping answers with string booleans (BRIEF Doctor handshake)', async () => {
    const step = await first({ id: 'h1', type: 'doctor_ping' });
    expect(step.data).toMatchObject({ screen_on: 'true', device_locked: 'false', user_unlocked: 'true' });
  });

  it('click returns a receipt and changes the app (003:1738-1760)', async () => {
    const step = await first({ id: 'c', type: 'click', params: { matcher: WIFI } });
    expect(step.data).toMatchObject({
      candidate_count: '1',
      dispatch_method: 'accessibility_action',
      dispatch_accepted: 'true',
    });
    expect(listState(device).wifi).toBe(true);
  });

  it('strict click on duplicates is NODE_AMBIGUOUS through the wire (003:3845-3870)', async () => {
    const { envelope } = await run([
      { id: 'c', type: 'click', params: { matcher: { textEquals: 'Open' }, strict: true } },
    ]);
    expect(envelope).toMatchObject({ status: 'failed', errorCode: 'NODE_AMBIGUOUS' });
  });

  it('enter_text (003:2528-2622)', async () => {
    const step = await first({
      id: 't',
      type: 'enter_text',
      params: { matcher: { resourceId: 'com.example.list:id/search' }, text: "it's", submit: true },
    });
    expect(step.data).toMatchObject({ text_entry: 'accepted', submit_method: 'ime_action' });
    expect(listState(device).typed).toBe("it's");
  });

  it('read_text (003:2447-2491)', async () => {
    expect(
      (await first({ id: 'r', type: 'read_text', params: { matcher: { textEquals: 'Wi-Fi' } } })).data.text,
    ).toBe('Wi-Fi');
  });

  it('read_key_value_pair (003:2492-2527)', async () => {
    const step = await first({
      id: 'k',
      type: 'read_key_value_pair',
      params: { labelMatcher: { textEquals: 'Battery' } },
    });
    expect(step.data).toMatchObject({ key: 'Battery', value: '87 %' });
  });

  it('wait_for_node and its WAIT_TIMEOUT (003:2652-2689)', async () => {
    const { envelope } = await run([
      { id: 'w1', type: 'wait_for_node', params: { matcher: WIFI, timeoutMs: 1000 } },
      { id: 'w2', type: 'wait_for_node', params: { matcher: { textEquals: 'Never' }, timeoutMs: 200 } },
    ]);
    expect(envelope.stepResults.map((s) => s.success)).toEqual([true, false]);
    expect(envelope.stepResults[1].data.error).toBe('WAIT_TIMEOUT');
  });

  it('wait_for_navigation and NAVIGATION_TIMEOUT (003:2690-2725, 003:11014-11050)', async () => {
    const { envelope } = await run([
      {
        id: 'n1',
        type: 'wait_for_navigation',
        params: { expectedPackage: 'com.example.list', timeoutMs: 1000 },
      },
      { id: 'n2', type: 'wait_for_navigation', params: { expectedPackage: 'com.nowhere', timeoutMs: 200 } },
    ]);
    expect(envelope.stepResults[0].data.resolved_package).toBe('com.example.list');
    expect(envelope.stepResults[1].data).toMatchObject({
      error: 'NAVIGATION_TIMEOUT',
      last_package: 'com.example.list',
    });
  });

  it('query_ui (003:1882-1998)', async () => {
    const step = await first({ id: 'q', type: 'query_ui', params: { matcher: { role: 'switch' } } });
    expect(JSON.parse(step.data.query)).toMatchObject({ schemaVersion: 1, totalMatches: 1 });
  });

  it('snapshot (003:2726-2758)', async () => {
    const step = await first({ id: 'snap', type: 'snapshot' });
    expect(step.data.text).toContain('<hierarchy rotation="0">');
    expect(step.data.foreground_package).toBe('com.example.list');
  });

  it('scroll (003:2273-2340)', async () => {
    expect(
      (
        await first({
          id: 's',
          type: 'scroll',
          params: { container: { resourceId: 'com.example.list:id/list' }, settleDelayMs: 0 },
        })
      ).data.scroll_outcome,
    ).toBe('moved');
  });

  it('scroll_until (003:2341-2396)', async () => {
    const step = await first({
      id: 'u',
      type: 'scroll_until',
      params: { matcher: { textEquals: 'Item 20' }, settleDelayMs: 0 },
    });
    expect(step.data.termination_reason).toBe('target_found');
  });

  it('scroll_and_click (003:2397-2446)', async () => {
    const step = await first({
      id: 'k',
      type: 'scroll_and_click',
      params: { matcher: { textEquals: 'Item 22' }, settleDelayMs: 0 },
    });
    expect(step.success).toBe(true);
    expect(listState(device).clicks).toContain('item22');
  });

  it('swipe (003:2143-2198)', async () => {
    const step = await first({
      id: 's',
      type: 'swipe',
      params: { start: { x: 500, y: 1500 }, end: { x: 500, y: 2000 }, durationMs: 50 },
    });
    expect(step.data).toMatchObject({ duration_ms: '50', dispatch_method: 'coordinate_gesture' });
  });

  it('drag (003:2199-2272)', async () => {
    const step = await first({
      id: 'd',
      type: 'drag',
      params: {
        start: { x: 500, y: 1500 },
        end: { x: 500, y: 1800 },
        holdDurationMs: 20,
        moveDurationMs: 20,
      },
    });
    expect(step.data).toMatchObject({ hold_duration_ms: '20', move_duration_ms: '20' });
  });

  it('press_key (003:2623-2651)', async () => {
    expect((await first({ id: 'p', type: 'press_key', params: { key: 'home' } })).success).toBe(true);
    expect(device.android.activities.foreground()?.packageName).toBe('com.example.launcher');
  });

  it('open_app with its navigation wait (003:3053-3095)', async () => {
    const step = await first({ id: 'o', type: 'open_app', params: { applicationId: 'com.example.list' } });
    expect(step.data.application_id).toBe('com.example.list');
    expect(device.android.activities.foreground()?.packageName).toBe('com.example.list');
  });

  it('open_uri (003:3096-3124)', async () => {
    expect(
      (await first({ id: 'u', type: 'open_uri', params: { uri: 'https://example.com/x' } })).data.uri,
    ).toBe('https://example.com/x');
  });

  it('sleep (003:3020-3052)', async () => {
    expect((await first({ id: 's', type: 'sleep', params: { durationMs: 20 } })).data.duration_ms).toBe('20');
  });

  it('take_screenshot answers UNSUPPORTED_RUNTIME_SCREENSHOT (003:2960-2965)', async () => {
    expect((await first({ id: 's', type: 'take_screenshot' })).data.error).toBe(
      'UNSUPPORTED_RUNTIME_SCREENSHOT',
    );
  });

  it('close_app answers UNSUPPORTED_RUNTIME_CLOSE (003:7960)', async () => {
    expect(
      (await first({ id: 'c', type: 'close_app', params: { applicationId: 'com.example.list' } })).data.error,
    ).toBe('UNSUPPORTED_RUNTIME_CLOSE');
  });

  it('start_recording and stop_recording (003:3125-3183)', async () => {
    const { envelope } = await run([
      { id: 'r1', type: 'start_recording', params: { sessionId: 'wire' } },
      { id: 'r2', type: 'stop_recording', params: { sessionId: 'wire' } },
    ]);
    expect(envelope.stepResults.map((s) => s.data.sessionId)).toEqual(['wire', 'wire']);
  });

  it('show_toast and cancel_toast (003:2759-2833)', async () => {
    const { envelope } = await run([
      { id: 't1', type: 'show_toast', params: { text: 'Hello' } },
      { id: 't2', type: 'cancel_toast' },
    ]);
    expect(envelope.stepResults.map((s) => s.data)).toEqual([
      { submitted: 'true', duration: 'short' },
      { submitted: 'true' },
    ]);
  });

  it('set_on_screen_log and clear_on_screen_log (003:2834-2914)', async () => {
    const { envelope } = await run([
      { id: 'l1', type: 'set_on_screen_log', params: { text: 'FLOW-001' } },
      { id: 'l2', type: 'clear_on_screen_log' },
    ]);
    expect(envelope.stepResults.map((s) => s.data.visible)).toEqual(['true', 'false']);
  });

  it('list_notifications, dismiss_notification, invoke_notification_action (001:10-44)', async () => {
    let invoked = 0;
    const key = device.android.notifications.post({
      packageName: 'com.example.list',
      id: 7,
      title: 'Hi',
      actions: [{ title: 'Go', onInvoke: () => invoked++ }],
    });
    const list = JSON.parse((await first({ id: 'n', type: 'list_notifications' })).data.payload);
    const actionId = list.notifications.find((n: { key: string }) => n.key === key).actions[0].actionId;
    const invoke = await first({
      id: 'i',
      type: 'invoke_notification_action',
      params: { notificationKey: key, actionId },
    });
    expect(JSON.parse(invoke.data.payload).dispatched).toBe(true);
    const dismiss = await first({
      id: 'd',
      type: 'dismiss_notification',
      params: { notificationKey: key, waitTimeoutMs: 500 },
    });
    expect(JSON.parse(dismiss.data.payload).removalObserved).toBe(true);
    expect(invoked).toBe(1);
    const { envelope } = await run([
      { id: 'd', type: 'dismiss_notification', params: { notificationKey: key } },
    ]);
    expect(envelope.errorCode).toBe('NOTIFICATION_EXPIRED');
  });

  it('media actions: list, status, observe, pause, play, seek (000:16-27)', async () => {
    device.android.media.create('com.example.list', {
      title: 'Song',
      durationMs: 60_000,
      state: 'playing',
      reportIntervalMs: 100,
      controlDelayMs: 10,
    });
    const listed = JSON.parse((await first({ id: 'l', type: 'list_media_sessions' })).data.payload);
    const mediaSessionId = listed.sessions[0].mediaSessionId;
    const { envelope } = await run([
      { id: 's', type: 'get_media_status', params: { mediaSessionId } },
      { id: 'o', type: 'observe_media', params: { mediaSessionId, durationMs: 250 } },
      { id: 'p', type: 'media_pause', params: { mediaSessionId, waitTimeoutMs: 2000 } },
      { id: 'y', type: 'media_play', params: { mediaSessionId, waitTimeoutMs: 2000 } },
      { id: 'k', type: 'media_seek', params: { mediaSessionId, positionMs: 30_000, waitTimeoutMs: 2000 } },
    ]);
    expect(envelope.status).toBe('success');
    const payloads = envelope.stepResults.map((s) => JSON.parse(s.data.payload));
    expect(payloads[1].newPlayerReportCount).toBeGreaterThanOrEqual(1);
    expect([
      payloads[2].targetStateObserved,
      payloads[3].targetStateObserved,
      payloads[4].targetPositionObserved,
    ]).toEqual([true, true, true]);
    const { envelope: out } = await run([
      { id: 'k', type: 'media_seek', params: { mediaSessionId, positionMs: 99_000 } },
    ]);
    expect(out.errorCode).toBe('MEDIA_POSITION_OUT_OF_RANGE');
  });

  it('a locked device answers DEVICE_NOT_INTERACTIVE; observation lists still run (003:8233-8263, 001:16)', async () => {
    device.android.power.lock();
    try {
      const locked = await run([{ id: 's', type: 'snapshot' }]);
      expect(locked.envelope).toMatchObject({ errorCode: 'DEVICE_NOT_INTERACTIVE', stepResults: [] });
      const reads = await run([{ id: 'n', type: 'list_notifications' }]);
      expect(reads.envelope.status).toBe('success');
    } finally {
      device.android.power.unlock();
    }
  });

  it('COMMAND_TIMEOUT keeps collected steps (003:1640-1642)', async () => {
    const { envelope } = await run(
      [
        { id: 'a', type: 'doctor_ping' },
        { id: 'b', type: 'sleep', params: { durationMs: 5000 } },
      ],
      { timeoutMs: 1000 },
    );
    expect(envelope).toMatchObject({ errorCode: 'COMMAND_TIMEOUT' });
    expect(envelope.stepResults.map((s) => s.id)).toEqual(['a', 'b']);
  });

  it('a 3,000-node snapshot arrives as chunks whose reassembled SHA-256 matches (BRIEF Results)', async () => {
    device.android.activities.start({ packageName: 'com.example.huge' });
    const { envelope, messages } = await run([{ id: 'snap', type: 'snapshot' }]);
    device.android.activities.start({ packageName: 'com.example.list' });
    const nodes = (envelope.stepResults[0].data.text.match(/<node /g) ?? []).length;
    expect(nodes).toBeGreaterThanOrEqual(3000);
    expect(messages.length).toBeGreaterThan(1);
    const header = JSON.parse(messages[0].slice('[Androperator-Result-Chunk] '.length));
    const line = `[Androperator-Result] ${JSON.stringify(envelope)}`;
    expect(header.sha256).toBe(createHash('sha256').update(line, 'utf8').digest('hex'));
    expect(header.count).toBe(messages.length);
  });
});
