import { afterEach, describe, expect, it } from 'vitest';
import type { VirtualDevice } from '../../src/virtual-device/device.js';
import { exec, fixtureDevice, stepData } from './fixtures.js';

let device: VirtualDevice;
afterEach(() => device?.dispose());

const payloadOf = (envelope: Awaited<ReturnType<typeof exec>>, index = 0) =>
  JSON.parse(stepData(envelope, index).payload);

function post(d: VirtualDevice, id: number, extra: Record<string, unknown> = {}): string {
  return d.android.notifications.post({
    packageName: 'com.example.list',
    id,
    title: `Title ${id}`,
    text: 'Body',
    ...extra,
  });
}

describe('notifications', () => {
  it('list_notifications returns a schemaVersion 1 payload with deviceState, total and truncated (001:10-12)', async () => {
    device = fixtureDevice();
    post(device, 1, {
      actions: [{ title: 'Reply', requiresInput: true }, { title: 'Archive' }],
      progress: { value: 3, max: 10, indeterminate: false },
    });
    const payload = payloadOf(await exec(device, [{ id: 'n', type: 'list_notifications' }]));
    expect(payload).toMatchObject({
      schemaVersion: 1,
      total: 1,
      truncated: false,
      deviceState: { screenOn: true, deviceLocked: false, userUnlocked: true },
    });
    expect(payload.notifications[0]).toMatchObject({
      applicationId: 'com.example.list',
      title: 'Title 1',
      clearable: true,
      progress: { value: 3, max: 10, indeterminate: false },
    });
    expect(payload.notifications[0].actions.map((a: { requiresInput: boolean }) => a.requiresInput)).toEqual([
      true,
      false,
    ]);
    expect(typeof payload.observedElapsedMs).toBe('number');
  });

  it('limit caps the items and sets truncated; maxTextChars truncates text (001:10-12)', async () => {
    device = fixtureDevice();
    for (let i = 1; i <= 3; i++) post(device, i, { text: 'x'.repeat(50) });
    const payload = payloadOf(
      await exec(device, [{ id: 'n', type: 'list_notifications', params: { limit: 2, maxTextChars: 10 } }]),
    );
    expect([payload.notifications.length, payload.total, payload.truncated]).toEqual([2, 3, true]);
    expect(payload.notifications[0]).toMatchObject({ text: 'x'.repeat(10), textTruncated: true });
  });

  it('applicationId filters by package; an empty list is a successful snapshot (001:10-12)', async () => {
    device = fixtureDevice();
    post(device, 1);
    const payload = payloadOf(
      await exec(device, [{ id: 'n', type: 'list_notifications', params: { applicationId: 'com.other' } }]),
    );
    expect([payload.total, payload.notifications]).toEqual([0, []]);
  });

  it('unknown parameters and bad bounds are rejected on Android ingress (001:10)', async () => {
    device = fixtureDevice();
    for (const params of [{ limit: 0 }, { maxTextChars: 5000 }, { colour: 'red' }]) {
      expect((await exec(device, [{ id: 'n', type: 'list_notifications', params }])).errorCode).toBe(
        'EXECUTION_VALIDATION_FAILED',
      );
    }
  });

  it('a disconnected listener or denied access is an error, not an empty list (001:8, 001:18)', async () => {
    device = fixtureDevice({ operator: { faults: { listenerDisconnected: true } } });
    expect((await exec(device, [{ id: 'n', type: 'list_notifications' }])).errorCode).toBe(
      'NOTIFICATION_LISTENER_DISCONNECTED',
    );
    device.android.notifications.setListener('com.androperator.operator', { access: false });
    expect((await exec(device, [{ id: 'n', type: 'list_notifications' }])).errorCode).toBe(
      'NOTIFICATION_ACCESS_DENIED',
    );
  });

  it('dismiss_notification dispatches and observes removal within the wait (001:24-26)', async () => {
    device = fixtureDevice();
    const key = post(device, 1);
    const envelope = await exec(device, [
      { id: 'd', type: 'dismiss_notification', params: { notificationKey: key, waitTimeoutMs: 500 } },
    ]);
    expect(payloadOf(envelope)).toMatchObject({
      notificationKey: key,
      dispatched: true,
      removalObserved: true,
      waitTimeoutMs: 500,
    });
    expect(device.android.notifications.get(key)).toBeUndefined();
  });

  it('a refused cancellation is success with removalObserved false (001:26)', async () => {
    device = fixtureDevice();
    const key = post(device, 1);
    device.android.notifications.refuseCancellation = true;
    const envelope = await exec(device, [
      { id: 'd', type: 'dismiss_notification', params: { notificationKey: key, waitTimeoutMs: 300 } },
    ]);
    expect(envelope.status).toBe('success');
    expect(payloadOf(envelope).removalObserved).toBe(false);
  });

  it('a missing key is NOTIFICATION_EXPIRED; an ongoing one is NOTIFICATION_NOT_DISMISSIBLE before dispatch (001:26)', async () => {
    device = fixtureDevice();
    const ongoing = post(device, 2, { ongoing: true });
    expect(
      (await exec(device, [{ id: 'd', type: 'dismiss_notification', params: { notificationKey: 'gone' } }]))
        .errorCode,
    ).toBe('NOTIFICATION_EXPIRED');
    const envelope = await exec(device, [
      { id: 'd', type: 'dismiss_notification', params: { notificationKey: ongoing } },
    ]);
    expect(envelope.errorCode).toBe('NOTIFICATION_NOT_DISMISSIBLE');
    expect(stepData(envelope).dispatched).toBe('false');
  });

  it('invoke_notification_action sends the listed button exactly once (001:32-34)', async () => {
    device = fixtureDevice();
    let invoked = 0;
    const key = post(device, 1, { actions: [{ title: 'Archive', onInvoke: () => invoked++ }] });
    const listing = payloadOf(await exec(device, [{ id: 'n', type: 'list_notifications' }]));
    const actionId = listing.notifications[0].actions[0].actionId;
    const envelope = await exec(device, [
      { id: 'i', type: 'invoke_notification_action', params: { notificationKey: key, actionId } },
    ]);
    expect(payloadOf(envelope)).toMatchObject({ notificationKey: key, actionId, dispatched: true });
    expect(invoked).toBe(1);
  });

  it('an update after listing invalidates the handle: NOTIFICATION_ACTION_EXPIRED (001:34, 001:39)', async () => {
    device = fixtureDevice();
    const key = post(device, 1, { actions: [{ title: 'Archive' }] });
    const actionId = payloadOf(await exec(device, [{ id: 'n', type: 'list_notifications' }])).notifications[0]
      .actions[0].actionId;
    post(device, 1, { title: 'Updated', actions: [{ title: 'Archive' }] });
    const envelope = await exec(device, [
      { id: 'i', type: 'invoke_notification_action', params: { notificationKey: key, actionId } },
    ]);
    expect(envelope.errorCode).toBe('NOTIFICATION_ACTION_EXPIRED');
  });

  it('RemoteInput and authentication buttons are refused; cancelled PendingIntents report dispatched=false (001:36-41)', async () => {
    device = fixtureDevice();
    const key = post(device, 1, {
      actions: [
        { title: 'Reply', requiresInput: true },
        { title: 'Pay', requiresAuthentication: true },
        { title: 'Old', cancelled: true },
      ],
    });
    const actions = payloadOf(await exec(device, [{ id: 'n', type: 'list_notifications' }])).notifications[0]
      .actions;
    const codes = [];
    for (const action of actions) {
      const envelope = await exec(device, [
        {
          id: 'i',
          type: 'invoke_notification_action',
          params: { notificationKey: key, actionId: action.actionId },
        },
      ]);
      codes.push([envelope.errorCode, stepData(envelope).dispatched]);
    }
    expect(codes).toEqual([
      ['NOTIFICATION_ACTION_INPUT_UNSUPPORTED', 'false'],
      ['NOTIFICATION_ACTION_AUTHENTICATION_UNSUPPORTED', 'false'],
      ['NOTIFICATION_ACTION_CANCELLED', 'false'],
    ]);
  });

  it('an Operator restart invalidates listed handles (001:34)', async () => {
    device = fixtureDevice();
    const key = post(device, 1, { actions: [{ title: 'Archive' }] });
    const actionId = payloadOf(await exec(device, [{ id: 'n', type: 'list_notifications' }])).notifications[0]
      .actions[0].actionId;
    device.operator().restart();
    const envelope = await exec(device, [
      { id: 'i', type: 'invoke_notification_action', params: { notificationKey: key, actionId } },
    ]);
    expect(envelope.errorCode).toBe('NOTIFICATION_ACTION_EXPIRED');
  });
});

function session(d: VirtualDevice, extra: Record<string, unknown> = {}) {
  return d.android.media.create('com.example.list', {
    title: 'Song',
    artist: 'Band',
    durationMs: 60_000,
    state: 'playing',
    positionMs: 1000,
    reportIntervalMs: 1000,
    ...extra,
  });
}

describe('media sessions', () => {
  it('list_media_sessions returns sessions with opaque handles, metadata and controls (000:16-27)', async () => {
    device = fixtureDevice();
    session(device);
    const payload = payloadOf(await exec(device, [{ id: 'm', type: 'list_media_sessions' }]));
    expect(payload).toMatchObject({ schemaVersion: 1, total: 1, truncated: false });
    expect(payload.sessions[0]).toMatchObject({
      applicationId: 'com.example.list',
      title: 'Song',
      artist: 'Band',
      durationMs: 60_000,
      supportedControls: ['play', 'pause', 'seek'],
    });
    expect(payload.sessions[0].mediaSessionId).toMatch(/^ms-/);
  });

  it('reports received by the Operator are player_report evidence with sequence numbers (000:28-41, 000:89-97)', async () => {
    device = fixtureDevice();
    const handle = session(device);
    handle.publish();
    const status = payloadOf(
      await exec(device, [
        { id: 's', type: 'get_media_status', params: { applicationId: 'com.example.list' } },
      ]),
    ).session;
    // The session's first report at creation plus the explicit publish.
    expect(status).toMatchObject({
      evidence: 'player_report',
      state: 'playing',
      playerReportSequence: 2,
      positionUnknownReason: null,
    });
    expect(status.reportedPositionMs).toBe(1000);
  });

  it('before any callback, status is platform_query with null report fields (000:29-35)', async () => {
    device = fixtureDevice();
    session(device);
    device.operator().restart();
    const status = payloadOf(
      await exec(device, [
        { id: 's', type: 'get_media_status', params: { applicationId: 'com.example.list' } },
      ]),
    ).session;
    expect(status).toMatchObject({
      evidence: 'platform_query',
      reportedPositionMs: null,
      positionUpdatedElapsedMs: null,
      positionUpdateAgeMs: null,
      positionUnknownReason: 'original_player_report_unavailable',
      playerReportSequence: 0,
      playerReportReceivedElapsedMs: null,
    });
    expect(status.estimatedPositionMs).toBeGreaterThanOrEqual(1000);
  });

  it('estimatedPositionMs advances with playbackSpeed while playing, bounded by duration (000:40)', async () => {
    device = fixtureDevice();
    session(device, { reportIntervalMs: null });
    device.android.clock.advance(2000);
    const status = payloadOf(
      await exec(device, [
        { id: 's', type: 'get_media_status', params: { applicationId: 'com.example.list' } },
      ]),
    ).session;
    expect(status.reportedPositionMs).toBe(1000);
    expect(status.estimatedPositionMs).toBe(3000);
    expect(status.positionUpdateAgeMs).toBe(2000);
  });

  it('two sessions of one package are MEDIA_SESSION_AMBIGUOUS; a released handle is MEDIA_SESSION_EXPIRED (000:7-14, 000:43)', async () => {
    device = fixtureDevice();
    const first = session(device);
    session(device);
    expect(
      (
        await exec(device, [
          { id: 's', type: 'get_media_status', params: { applicationId: 'com.example.list' } },
        ])
      ).errorCode,
    ).toBe('MEDIA_SESSION_AMBIGUOUS');
    const id = payloadOf(await exec(device, [{ id: 'm', type: 'list_media_sessions' }])).sessions[0]
      .mediaSessionId;
    first.release();
    expect(
      (await exec(device, [{ id: 's', type: 'get_media_status', params: { mediaSessionId: id } }])).errorCode,
    ).toBe('MEDIA_SESSION_EXPIRED');
  });

  it('a replacement session does not inherit the handle (000:9-11)', async () => {
    device = fixtureDevice();
    session(device);
    const id = payloadOf(await exec(device, [{ id: 'm', type: 'list_media_sessions' }])).sessions[0]
      .mediaSessionId;
    session(device, { replace: true });
    expect(
      (await exec(device, [{ id: 's', type: 'get_media_status', params: { mediaSessionId: id } }])).errorCode,
    ).toBe('MEDIA_SESSION_EXPIRED');
  });

  it('temporarily inactive sessions are not listed (000:11-13)', async () => {
    device = fixtureDevice();
    session(device).setActive(false);
    expect(payloadOf(await exec(device, [{ id: 'm', type: 'list_media_sessions' }])).total).toBe(0);
  });

  it('media_pause with a wait confirms the reported paused state (000:42-43)', async () => {
    device = fixtureDevice();
    session(device);
    const envelope = await exec(device, [
      { id: 'p', type: 'media_pause', params: { applicationId: 'com.example.list', waitTimeoutMs: 2000 } },
    ]);
    expect(payloadOf(envelope)).toMatchObject({
      dispatched: true,
      targetStateObserved: true,
      waitTimeoutMs: 2000,
    });
    expect(payloadOf(envelope).session.state).toBe('paused');
  });

  it('a player that ignores pause ends in MEDIA_POSTCONDITION_TIMEOUT with dispatched retained (000:43)', async () => {
    device = fixtureDevice();
    session(device, { ignoreControls: ['pause'] });
    const envelope = await exec(device, [
      { id: 'p', type: 'media_pause', params: { applicationId: 'com.example.list', waitTimeoutMs: 500 } },
    ]);
    expect(envelope.errorCode).toBe('MEDIA_POSTCONDITION_TIMEOUT');
    expect(stepData(envelope)).toMatchObject({ dispatched: 'true', waitTimeoutMs: '500' });
  });

  it('an unadvertised control is MEDIA_ACTION_UNSUPPORTED (000:43)', async () => {
    device = fixtureDevice();
    session(device, { supportedControls: ['play'] });
    expect(
      (await exec(device, [{ id: 'p', type: 'media_pause', params: { applicationId: 'com.example.list' } }]))
        .errorCode,
    ).toBe('MEDIA_ACTION_UNSUPPORTED');
  });

  it('media_seek confirms a new report within tolerance (000:52-63)', async () => {
    device = fixtureDevice();
    session(device, { state: 'paused' });
    const params = {
      applicationId: 'com.example.list',
      positionMs: 20_000,
      waitTimeoutMs: 2000,
      positionToleranceMs: 100,
    };
    const payload = payloadOf(await exec(device, [{ id: 's', type: 'media_seek', params }]));
    expect(payload).toMatchObject({
      dispatched: true,
      requestedPositionMs: 20_000,
      positionToleranceMs: 100,
      targetPositionObserved: true,
    });
    expect(payload.session.reportedPositionMs).toBe(20_000);
  });

  it('a seek past the known duration is MEDIA_POSITION_OUT_OF_RANGE, never clamped (000:51, 000:64-65)', async () => {
    device = fixtureDevice();
    session(device);
    const envelope = await exec(device, [
      { id: 's', type: 'media_seek', params: { applicationId: 'com.example.list', positionMs: 90_000 } },
    ]);
    expect(envelope.errorCode).toBe('MEDIA_POSITION_OUT_OF_RANGE');
    expect(stepData(envelope)).toMatchObject({ dispatched: 'false', requestedPositionMs: '90000' });
  });

  it('conflicting selectors are rejected on Android ingress (000:49-50)', async () => {
    device = fixtureDevice();
    const params = { applicationId: 'com.example.list', mediaSessionId: 'ms-1', positionMs: 1 };
    expect((await exec(device, [{ id: 's', type: 'media_seek', params }])).errorCode).toBe(
      'EXECUTION_VALIDATION_FAILED',
    );
  });

  it('observe_media collects the callbacks of the interval (000:69-88)', async () => {
    device = fixtureDevice();
    session(device, { reportIntervalMs: 1000 });
    const payload = payloadOf(
      await exec(device, [
        { id: 'o', type: 'observe_media', params: { applicationId: 'com.example.list', durationMs: 3500 } },
      ]),
    );
    expect(payload.newPlayerReportCount).toBe(3);
    expect(payload.samples).toHaveLength(3);
    expect(payload.samples[0]).toMatchObject({ state: 'playing' });
    expect(payload.reportedPositionDeltaMs).toBeGreaterThanOrEqual(2000);
    expect(payload.endedElapsedMs - payload.startedElapsedMs).toBeGreaterThanOrEqual(3500);
  });

  it('a session released during observation fails with MEDIA_SESSION_EXPIRED (000:80-82)', async () => {
    device = fixtureDevice();
    const handle = session(device);
    device.android.clock.schedule(500, () => handle.release());
    const envelope = await exec(device, [
      { id: 'o', type: 'observe_media', params: { applicationId: 'com.example.list', durationMs: 3000 } },
    ]);
    expect(envelope.errorCode).toBe('MEDIA_SESSION_EXPIRED');
  });
});
