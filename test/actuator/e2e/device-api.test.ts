/**
 * Every Device method end to end: adbkit → real adb server (private port) →
 * virtual adbd → emulated Android → virtual Operator → logcat → reader.
 * Each action is followed by an independent observation of its effect.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Device, DoctorReportSchema, ExecutionFailedError } from '../../../src/actuator/index.js';
import { hasAdb } from '../../virtual-device/adb-server.js';
import { dispatchesOf, type Harness, startHarness } from './harness.js';

const SETTINGS = 'com.droidproof.settings';
const id = (name: string, app = SETTINGS) => `${app}:id/${name}`;

describe.skipIf(!hasAdb)('Device API against the virtual device', () => {
  let h: Harness;
  let device: Device;
  let dir: string;

  beforeAll(async () => {
    h = await startHarness();
    device = await h.connect();
    dir = await mkdtemp(join(tmpdir(), 'droidproof-actuator-'));
  });

  afterAll(async () => {
    device?.close();
    await h?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  async function foreground(): Promise<string | undefined> {
    const snap = await device.snapshot();
    return snap.hierarchy.roots[0]?.packageName;
  }

  it('info(): serial, model, API level, display and the emulator rule', async () => {
    const info = await device.info();
    expect(info).toMatchObject({ serial: h.serial, apiLevel: 34, deviceType: 'emulator' });
    expect(info.display.width).toBeGreaterThan(0);
    expect(info.model).toBeTruthy();
  });

  it('doctor(): a passing DoctorReport with the handshake and interactive checks', async () => {
    const report = DoctorReportSchema.parse(await device.doctor());
    expect(report).toMatchObject({ ok: true, criticalOk: true, deviceId: h.serial, skippedChecks: [] });
    expect(report.checks.map((c) => c.id)).toEqual([
      'host.node.version',
      'host.adb.presence',
      'host.adb.server',
      'device.discovery',
      'device.capability',
      'readiness.apk.presence',
      'readiness.version.compatibility',
      'readiness.settings.dev_options',
      'readiness.settings.usb_debugging',
      'readiness.handshake',
      'readiness.device.interactive',
    ]);
    const background = await device.doctor({ capability: 'background-observation' });
    expect(background).toMatchObject({ criticalOk: true, capability: 'background-observation' });
  });

  it('openApp, waitForNavigation, waitForNode, snapshot (raw and compact)', async () => {
    await device.openApp(SETTINGS);
    await device.waitForNavigation({ expectedPackage: SETTINGS, timeoutMs: 5_000 });
    await device.waitForNode({ textEquals: 'Settings' }, { timeoutMs: 5_000 });
    const snap = await device.snapshot({ compact: true, maxNodes: 5, maxTextChars: 4 });
    expect(snap.xml).toContain('<hierarchy');
    expect(snap.hierarchy.roots[0].packageName).toBe(SETTINGS);
    expect(snap.compact).toMatchObject({ schemaVersion: 1, returnedNodes: 5, truncated: true });
    expect(snap.compact!.totalNodes).toBeGreaterThan(5);
    expect(snap.compact!.nodes[0]).toMatchObject({ nodePath: '0', parentPath: null });
  });

  it('click flips a switch; query observes it with typed receipts', async () => {
    const before = await device.query({ resourceId: id('switch_bluetooth') });
    expect(before.nodes[0].checked).toBe(false);
    const click = await device.click({ resourceId: id('switch_bluetooth') });
    expect(click.receipt.dispatchAccepted).toBe(true);
    expect(click.receipt.candidateCount).toBe(1);
    const after = await device.query({ resourceId: id('switch_bluetooth') });
    expect(after.nodes[0].checked).toBe(true);
  });

  it('enterText then readText reads back what was typed, quotes and all', async () => {
    const text = `it's "$(x)" \`y\` 漢😀`;
    await device.enterText({ resourceId: id('search') }, text);
    expect(await device.readText({ resourceId: id('search') })).toBe(text);
    await device.enterText({ resourceId: id('search') }, 'Battery', { clear: true });
    await device.waitForNode({ textEquals: 'Battery' });
  });

  it('scroll, scrollUntil and scrollAndClick reach rows below the fold', async () => {
    await device.enterText({ resourceId: id('search') }, '', { clear: true }).catch(() => undefined);
    await device.closeApp(SETTINGS);
    await device.openApp(SETTINGS);
    await device.scroll({ direction: 'down', container: { resourceId: id('settings_list') } });
    const until = await device.scrollUntil({ textEquals: 'Option 30' }, { direction: 'down' });
    expect(until.step.success).toBe(true);
    await device.scrollAndClick({ textEquals: 'Option 40' }, { direction: 'down' });
    await device.waitForNode({ textEquals: 'Option 40 settings' });
    expect(await device.readText({ resourceId: id('summary') })).toBe('Option 40 settings');
  });

  it('back, home and pressKey navigate', async () => {
    await device.back();
    await device.waitForNode({ resourceId: id('settings_list') });
    await device.home();
    expect(await foreground()).not.toBe(SETTINGS);
    await device.pressKey('recents');
  });

  it('openUri follows a deep link; readValue reads the value next to a label', async () => {
    await device.openUri('droidproof://settings/Display');
    await device.waitForNode({ textEquals: 'Display settings' });
    expect(await device.readValue({ textEquals: 'Display' })).toBe('Display settings');
  });

  it('closeApp force-stops on the host first and normalizes the step', async () => {
    const result = await device.closeApp(SETTINGS);
    expect(result.step).toMatchObject({ success: true, data: { application_id: SETTINGS } });
    expect(await foreground()).not.toBe(SETTINGS);
  });

  it('tap, longClick, swipe and drag dispatch gestures', async () => {
    await device.openApp(SETTINGS);
    const tap = await device.tap({ x: 540, y: 30 });
    expect(tap.receipt.coordinate).toEqual({ x: 540, y: 30 });
    const long = await device.longClick({ resourceId: id('switch_wi_fi') });
    expect(long.step.success).toBe(true);
    const swipe = await device.swipe({
      start: { x: 540, y: 1800 },
      end: { x: 540, y: 600 },
      durationMs: 200,
    });
    expect(swipe.receipt.dispatchAccepted).toBe(true);
    const drag = await device.drag({
      start: { x: 540, y: 1800 },
      end: { x: 540, y: 900 },
      holdDurationMs: 100,
      moveDurationMs: 200,
    });
    expect(JSON.parse(String(drag.step.data.end))).toEqual({ x: 540, y: 900 });
  });

  it('screenshot captures a PNG host-side with its pixel size', async () => {
    const path = join(dir, 'shot.png');
    const shot = await device.screenshot({ path });
    expect(shot).toMatchObject({ path, width: 1080, height: 2400 });
    expect(readFileSync(path).subarray(1, 4).toString()).toBe('PNG');
    expect(shot.result.step.data).toMatchObject({
      captureSource: 'host',
      coordinateSpace: 'screenshot_pixels',
      origin: 'top_left',
    });
    const tmp = await device.screenshot();
    expect(existsSync(tmp.path)).toBe(true);
    await rm(tmp.path);
  });

  it('sleep, toast, onScreenLog and recording', async () => {
    const started = Date.now();
    await device.sleep(50);
    expect(Date.now() - started).toBeGreaterThanOrEqual(50);
    const toast = await device.toast('Hello', { duration: 'long' });
    expect(toast.step.data).toMatchObject({ submitted: 'true', duration: 'long' });
    await device.toast(null);
    const panel = await device.onScreenLog({ text: 'step 1' });
    expect(panel.step.data.visible).toBe('true');
    expect((await device.onScreenLog(null)).step.data.visible).toBe('false');
    await device.recording.start('rec-1');
    const stopped = await device.recording.stop('rec-1');
    expect(stopped.step.success).toBe(true);
  });

  it('notifications.list/invoke/dismiss decode and validate their payloads', async () => {
    await device.openApp('com.droidproof.notifier');
    await device.click({ resourceId: id('post_message', 'com.droidproof.notifier') });
    const list = await device.notifications.list({ applicationId: 'com.droidproof.notifier' });
    expect(list.schemaVersion).toBe(1);
    expect(list.total).toBeGreaterThan(0);
    const message = list.notifications.find((n) => n.title === 'New message')!;
    const markRead = message.actions.find((a) => a.title === 'Mark as read')!;
    expect(message.actions.find((a) => a.title === 'Reply')?.requiresInput).toBe(true);
    const invoked = await device.notifications.invoke(message.key, markRead.actionId);
    expect(invoked.dispatched).toBe(true);
    await device.waitForNode({ textEquals: 'Read: 1' }, { timeoutMs: 3_000 });
    await device.click({ resourceId: id('post_group', 'com.droidproof.notifier') });
    const group = await device.notifications.list({ applicationId: 'com.droidproof.notifier' });
    const ada = group.notifications.find((n) => n.title === 'Ada' && n.clearable)!;
    const dismissed = await device.notifications.dismiss(ada.key, { waitTimeoutMs: 1_000 });
    expect(dismissed).toMatchObject({ dispatched: true, removalObserved: true });
    const after = await device.notifications.list({ applicationId: 'com.droidproof.notifier' });
    expect(after.notifications.map((n) => n.key)).not.toContain(ada.key);
  });

  it('media.list/status/observe/pause/play/seek decode and validate their payloads', async () => {
    await device.openApp('com.droidproof.player');
    const list = await device.media.list({ applicationId: 'com.droidproof.player' });
    const session = list.sessions[0];
    expect(session.title).toBe('Ocean Drive');
    const target = { mediaSessionId: session.mediaSessionId };
    const played = await device.media.play({ ...target, waitTimeoutMs: 2_000 });
    expect(played).toMatchObject({ dispatched: true, targetStateObserved: true });
    const status = await device.media.status(target);
    expect(status.session.state).toBe('playing');
    const observed = await device.media.observe({ ...target, durationMs: 300 });
    expect(observed.durationMs).toBe(300);
    const seek = await device.media.seek({ ...target, positionMs: 20_000, waitTimeoutMs: 2_000 });
    expect(seek).toMatchObject({ dispatched: true, requestedPositionMs: 20_000 });
    const paused = await device.media.pause({ ...target, waitTimeoutMs: 2_000 });
    expect(paused.targetStateObserved).toBe(true);
  });

  it('execute() runs a raw payload; a failed envelope throws ExecutionFailedError with the failed step', async () => {
    const payload = {
      commandId: 'raw-1',
      taskId: 'raw-1',
      source: 'test',
      expectedFormat: 'android-ui-automator',
      timeoutMs: 10_000,
      actions: [
        { id: 'snap', type: 'snapshot' },
        { id: 'missing', type: 'read_text', params: { matcher: { textEquals: 'No such node anywhere' } } },
      ],
    };
    const error = await device.execute(payload).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ExecutionFailedError);
    expect(error).toMatchObject({
      code: 'NODE_NOT_FOUND',
      dispatchState: 'dispatched',
      failedStep: { id: 'missing' },
      envelope: { status: 'failed', commandId: 'raw-1' },
    });
    expect(dispatchesOf(h, 'raw-1')).toBe(1);
    const allowed = await device.execute(payload, { allowFailure: true });
    expect(allowed.envelope.stepResults[0].success).toBe(true);
  });

  it('the timeline records every execution; logcatSince returns raw lines', async () => {
    const mark = device.timeline.mark();
    const started = Date.now();
    await device.snapshot();
    const entries = device.timeline.since(mark);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ dispatchState: 'dispatched', envelope: { status: 'success' } });
    expect(entries[0].durationMs).toBeGreaterThanOrEqual(0);
    expect(device.logcatSince(started).some((l) => l.text.includes(entries[0].commandId))).toBe(true);
  });

  it('serializes concurrent executions on one device: each dispatch waits for the previous result', async () => {
    const mark = device.timeline.mark();
    const results = await Promise.all([
      device.snapshot(),
      device.readText({ resourceId: id('track_title', 'com.droidproof.player') }),
      device.snapshot(),
    ]);
    expect(results[1]).toBe('Ocean Drive');
    const entries = device.timeline.since(mark).sort((a, b) => a.dispatchedAt! - b.dispatchedAt!);
    expect(entries).toHaveLength(3);
    for (let i = 1; i < entries.length; i++) {
      expect(entries[i].dispatchedAt!).toBeGreaterThanOrEqual(entries[i - 1].resultAt!);
    }
  });
});
