/**
 * Fault injection end to end: each fault gives its typed code, no mutation is
 * dispatched twice (the spy receiver counts payloads per commandId), and the
 * next execution on the same device works. One device per test, run
 * concurrently: the two timeout cases each wait timeoutMs + 5000.
 */
import { afterAll, beforeAll, describe, type ExpectStatic, expect, it } from 'vitest';
import { AdbTransport } from '../../../src/actuator/adb/transport.js';
import type { Device } from '../../../src/actuator/index.js';
import { hasAdb } from '../../virtual-device/adb-server.js';
import { dispatchesOf, type Harness, type HarnessDevice, OPERATOR, startHarness } from './harness.js';

const SETTINGS = 'com.droidproof.settings';
const BLUETOOTH = `${SETTINGS}:id/switch_bluetooth`;

/** A mutation followed by a snapshot: its envelope is large enough to travel as chunks. */
function clickThenSnapshot(commandId: string, timeoutMs = 10_000) {
  return {
    commandId,
    taskId: commandId,
    source: 'fault-test',
    expectedFormat: 'android-ui-automator',
    timeoutMs,
    actions: [
      { id: 'click', type: 'click', params: { matcher: { resourceId: BLUETOOTH } } },
      { id: 'snap', type: 'snapshot' },
    ],
  };
}

async function failure(promise: Promise<unknown>): Promise<Record<string, unknown>> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, 'expected the execution to fail').toBeDefined();
  return error as Record<string, unknown>;
}

describe.skipIf(!hasAdb)('fault injection', () => {
  let h: Harness;
  const devices: Device[] = [];

  /** `readinessCacheMs` 0 probes before every execution (a lock is seen at once); a long one lets a paused logcat hold only the tested result. */
  async function prepare(
    index: number,
    readinessCacheMs = 0,
  ): Promise<{ hd: HarnessDevice; device: Device }> {
    const hd = h.devices[index];
    const device = await hd.connect({ readinessCacheMs });
    devices.push(device);
    await device.openApp(SETTINGS);
    return { hd, device };
  }

  /** The adb server reconnects a device whose transport was cut; wait until it lists it again. */
  async function backOnline(hd: HarnessDevice, expect: ExpectStatic): Promise<void> {
    const transport = new AdbTransport({ adbPort: h.server.port });
    await expect
      .poll(async () => (await transport.listDevices()).find((d) => d.serial === hd.serial)?.state, {
        timeout: 20_000,
      })
      .toBe('device');
  }

  async function stillWorks(device: Device): Promise<void> {
    const snap = await device.snapshot();
    expect(snap.hierarchy.roots[0].packageName).toBe(SETTINGS);
  }

  beforeAll(async () => {
    // Device 7 has both Operator variants, for the variant-mismatch case (one variant is the default).
    h = await startHarness({
      devices: 9,
      operator: (index) => (index === 7 ? { packages: [OPERATOR, `${OPERATOR}.dev`] } : undefined),
    });
  }, 60_000);

  afterAll(async () => {
    for (const device of devices) device.close();
    await h?.stop();
  });

  it.concurrent('several devices and no serial: MULTIPLE_DEVICES_DEVICE_ID_REQUIRED; an unknown serial: DEVICE_NOT_FOUND', async () => {
    const { connectDevice } = await import('../../../src/actuator/index.js');
    const several = await failure(connectDevice({ adbPort: h.server.port }));
    expect(several.code).toBe('MULTIPLE_DEVICES_DEVICE_ID_REQUIRED');
    expect((several.details as { devices: string[] }).devices).toHaveLength(h.devices.length);
    expect(await failure(connectDevice({ adbPort: h.server.port, serial: 'nope' }))).toMatchObject({
      code: 'DEVICE_NOT_FOUND',
    });
  });

  it.concurrent('chunk gap: RESULT_ENVELOPE_MALFORMED, the click is not replayed; a snapshot alone is re-captured once', async () => {
    const { hd, device } = await prepare(0);
    hd.vd.operator(OPERATOR).faults = { dropChunk: 'middle' };
    const error = await failure(device.execute(clickThenSnapshot('gap-1')));
    expect(error).toMatchObject({
      code: 'RESULT_ENVELOPE_MALFORMED',
      dispatchState: 'dispatched',
      phase: 'result_wait',
    });
    expect(dispatchesOf(hd, 'gap-1')).toBe(1);
    const snap = await failure(device.snapshot());
    expect(snap.code).toBe('RESULT_ENVELOPE_MALFORMED');
    const ids = hd.received
      .map((p) => JSON.parse(p).commandId as string)
      .filter((id) => id.startsWith('snapshot-'));
    expect(ids.at(-1)).toMatch(/-r1$/);
    expect(ids.at(-2)).toBe(ids.at(-1)!.replace(/-r1$/, ''));
    hd.vd.operator(OPERATOR).faults = {};
    await stillWorks(device);
  });

  it.concurrent('bad checksum: RESULT_ENVELOPE_MALFORMED, no replay, next execution works', async () => {
    const { hd, device } = await prepare(1);
    hd.vd.operator(OPERATOR).faults = { corruptChecksum: true };
    const error = await failure(device.execute(clickThenSnapshot('sum-1')));
    expect(error).toMatchObject({ code: 'RESULT_ENVELOPE_MALFORMED', dispatchState: 'dispatched' });
    expect(String((error.details as Record<string, unknown>).reason)).toContain('sha256');
    // The transport-failure fields of seed 003:8048-8049.
    expect(error.details).toMatchObject({
      commandId: 'sum-1',
      taskId: expect.any(String),
      deviceId: hd.serial,
      operatorPackage: OPERATOR,
      broadcastDispatchStatus: 'sent',
      dispatchAttempted: true,
      executionPosition: 'unknown',
    });
    expect(dispatchesOf(hd, 'sum-1')).toBe(1);
    hd.vd.operator(OPERATOR).faults = {};
    await stillWorks(device);
  });

  it.concurrent('tail loss: RESULT_ENVELOPE_TIMEOUT after timeoutMs + 5000 with chunk progress', async () => {
    const { hd, device } = await prepare(2);
    hd.vd.operator(OPERATOR).faults = { dropChunk: 'tail' };
    const started = Date.now();
    const error = await failure(device.execute(clickThenSnapshot('tail-1', 1_000)));
    expect(Date.now() - started).toBeGreaterThanOrEqual(6_000);
    expect(error).toMatchObject({
      code: 'RESULT_ENVELOPE_TIMEOUT',
      dispatchState: 'dispatched',
      phase: 'result_wait',
    });
    const chunks = (error.details as { chunks: { receivedChunks: number; expectedChunks: number } }).chunks;
    expect(chunks.receivedChunks).toBe(chunks.expectedChunks - 1);
    expect(dispatchesOf(hd, 'tail-1')).toBe(1);
    hd.vd.operator(OPERATOR).faults = {};
    await stillWorks(device);
  });

  it.concurrent('Operator crash: fails at the FATAL EXCEPTION, not the timeout, with the crash lines; no replay; the restarted Operator answers', async () => {
    const { hd, device } = await prepare(3);
    hd.vd.operator(OPERATOR).faults = { crashBeforeAction: 1 };
    const started = Date.now();
    const error = await failure(device.execute(clickThenSnapshot('crash-1', 30_000)));
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(error).toMatchObject({ code: 'RESULT_ENVELOPE_TIMEOUT', dispatchState: 'dispatched' });
    expect(error.details).toMatchObject({
      lastActionId: 'snap',
      executionPosition: 'unknown',
      operatorCrashed: true,
    });
    const crashLines = (error.details as { crashLines: string[] }).crashLines;
    expect(crashLines[0]).toMatch(/ E AndroidRuntime: FATAL EXCEPTION: main$/);
    expect(crashLines[1]).toMatch(new RegExp(`Process: ${OPERATOR.replaceAll('.', '\\.')}, PID: \\d+$`));
    expect(crashLines.some((line) => line.includes('\tat app.androperator'))).toBe(true);
    expect(String(error.message)).toContain('FATAL EXCEPTION: main');
    expect(dispatchesOf(hd, 'crash-1')).toBe(1);
    hd.vd.operator(OPERATOR).faults = {};
    await stillWorks(device);
  });

  it.concurrent('logcat stream killed mid-execution: the reader reconnects and the result still arrives once', async ({
    expect,
  }) => {
    const { hd, device } = await prepare(4, 60_000);
    const logcat = hd.vd.android.logcat;
    logcat.setFaults({ paused: true });
    const running = device.execute(clickThenSnapshot('kill-1'));
    await expect.poll(() => dispatchesOf(hd, 'kill-1')).toBe(1);
    hd.farmDevice.faults.killConnections();
    logcat.setFaults({});
    const result = await running;
    expect(result.envelope.status).toBe('success');
    expect(dispatchesOf(hd, 'kill-1')).toBe(1);
    await stillWorks(device);
  });

  it.concurrent('device offline mid-execution: LOGCAT_UNAVAILABLE with dispatch state; works again once online', async ({
    expect,
  }) => {
    const { hd, device } = await prepare(5, 60_000);
    hd.vd.android.logcat.setFaults({ paused: true });
    const running = device.execute(clickThenSnapshot('offline-1'));
    await expect.poll(() => dispatchesOf(hd, 'offline-1')).toBe(1);
    hd.farmDevice.goOffline();
    const error = await failure(running);
    expect(error).toMatchObject({ code: 'LOGCAT_UNAVAILABLE', dispatchState: 'dispatched' });
    hd.vd.android.logcat.setFaults({});
    hd.farmDevice.goOnline();
    await backOnline(hd, expect);
    await stillWorks(device);
    expect(dispatchesOf(hd, 'offline-1')).toBe(1);
  }, 40_000);

  it.concurrent('adb connection dropped during am broadcast: BROADCAST_FAILED, dispatch state unknown, the click ran once', async ({
    expect,
  }) => {
    const { hd, device } = await prepare(8, 60_000);
    // With logcat quiet, the next bytes any service of the device sends are the broadcast's answer:
    // the connection is cut before them, after the Operator received the click.
    hd.vd.android.logcat.setFaults({ paused: true });
    hd.farmDevice.faults.killConnections({ afterBytes: 0 });
    const error = await failure(device.click({ resourceId: BLUETOOTH }));
    expect(error).toMatchObject({ code: 'BROADCAST_FAILED', dispatchState: 'unknown' });
    const clicks = hd.received.filter((p) => JSON.parse(p).actions[0].type === 'click');
    expect(clicks).toHaveLength(1);
    hd.farmDevice.faults.reset();
    hd.vd.android.logcat.setFaults({});
    await backOnline(hd, expect);
    await stillWorks(device);
    expect(hd.received.filter((p) => JSON.parse(p).actions[0].type === 'click')).toHaveLength(1);
  });

  it.concurrent('locked screen: DEVICE_NOT_INTERACTIVE before dispatch; background reads still work; unlock recovers', async () => {
    const { hd, device } = await prepare(6);
    hd.vd.android.power.sleep();
    const error = await failure(device.click({ resourceId: BLUETOOTH }));
    expect(error).toMatchObject({
      code: 'DEVICE_NOT_INTERACTIVE',
      dispatchState: 'not_dispatched',
      phase: 'readiness',
    });
    expect((error.details as { wakeAttempts: string[] }).wakeAttempts).toEqual([
      'input keyevent KEYCODE_WAKEUP',
    ]);
    const clicks = hd.received.filter((p) => JSON.parse(p).actions[0].type === 'click');
    expect(clicks).toHaveLength(0);
    const list = await device.notifications.list();
    expect(list.deviceState.deviceLocked).toBe(true);
    hd.vd.android.power.unlock();
    await device.click({ resourceId: BLUETOOTH });
  });

  it.concurrent('Operator missing, variant mismatch and version mismatch give their codes without dispatch', async () => {
    const hd = h.devices[7];
    const packages = hd.vd.android.packages;
    const release = packages.get(OPERATOR)!;
    packages.uninstall(OPERATOR);
    const mismatch = await hd.connect();
    devices.push(mismatch);
    expect(await failure(mismatch.snapshot())).toMatchObject({
      code: 'OPERATOR_VARIANT_MISMATCH',
      dispatchState: 'not_dispatched',
    });
    const dev = packages.get(`${OPERATOR}.dev`)!;
    packages.uninstall(`${OPERATOR}.dev`);
    expect(await failure(mismatch.snapshot())).toMatchObject({ code: 'OPERATOR_NOT_INSTALLED' });
    expect(hd.received).toHaveLength(0);
    packages.install({ ...release, versionName: '9.9.9' });
    packages.install(dev);
    const report = await mismatch.doctor();
    const version = report.checks.find((c) => c.id === 'readiness.version.compatibility');
    expect(version).toMatchObject({
      status: 'fail',
      code: 'VERSION_INCOMPATIBLE',
      evidence: { apkVersion: '9.9.9' },
    });
    expect(report).toMatchObject({ criticalOk: false });
    // The readiness gate applies the same policy before the first dispatch: nothing reaches the Operator.
    const fresh = await hd.connect();
    devices.push(fresh);
    expect(await failure(fresh.click({ resourceId: BLUETOOTH }))).toMatchObject({
      code: 'VERSION_INCOMPATIBLE',
      dispatchState: 'not_dispatched',
      details: { apkVersion: '9.9.9', operatorPackage: OPERATOR },
    });
    expect(hd.received).toHaveLength(0);
    expect(report.skippedChecks.map((s) => s.id)).toEqual([
      'readiness.handshake',
      'readiness.device.interactive',
    ]);
    // The debug package reports `<version>-d`; the rule strips the suffix.
    const debug = await hd.connect({ operatorPackage: `${OPERATOR}.dev` });
    devices.push(debug);
    const debugReport = await debug.doctor();
    expect(debugReport.checks.find((c) => c.id === 'readiness.version.compatibility')).toMatchObject({
      status: 'pass',
      evidence: { apkVersion: expect.stringMatching(/-d$/) },
    });
    packages.install(release);
    await mismatch.snapshot();
    await fresh.snapshot();
  });
});
