/**
 * Device work per Device API call, on the virtual device's counters (adb
 * commands opened on the device, programs its shell ran). Counts are
 * deterministic, so this holds the steady-state budget exactly: one adb
 * command (`am broadcast`) per action and per snapshot, no `pm`/`dumpsys`.
 * An extra shell call creeping into the hot path fails here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDevice, type Device } from '../../../src/actuator/index.js';
import type { DeviceWork } from '../../../src/virtual-device/adb/work-counter.js';
import { hasAdb } from '../../virtual-device/adb-server.js';
import { type Harness, startHarness } from './harness.js';

const SETTINGS = 'com.droidproof.settings';
const BLUETOOTH = `${SETTINGS}:id/switch_bluetooth`;

describe.skipIf(!hasAdb)('device work per call', () => {
  let h: Harness;
  let device: Device;

  async function workOf(call: () => Promise<unknown>): Promise<DeviceWork> {
    h.farmDevice.work.reset();
    await call();
    return h.farmDevice.work.snapshot();
  }

  beforeAll(async () => {
    h = await startHarness();
    device = await h.connect();
    // The first call pays the package/version check and the readiness probe.
    await device.openApp(SETTINGS);
  });

  afterAll(async () => {
    device?.close();
    await h?.stop();
  });

  it('costs one adb command and one `am` per call in steady state, on a screen that changes', async () => {
    const calls: Array<[string, () => Promise<unknown>]> = [
      ['snapshot', () => device.snapshot()],
      ['click', () => device.click({ resourceId: BLUETOOTH })],
      ['snapshot after the click', () => device.snapshot()],
      ['query', () => device.query({ resourceId: BLUETOOTH })],
      ['back', () => device.back()],
      ['openApp', () => device.openApp(SETTINGS)],
      ['snapshot', () => device.snapshot()],
    ];
    for (const [label, call] of calls) {
      const work = await workOf(call);
      expect({ label, ...work }, label).toMatchObject({
        label,
        adbCommands: 1,
        shellCommands: 1,
        programs: { am: 1 },
      });
      expect(Object.keys(work.programs), label).toEqual(['am']);
      expect(work.recent[0], label).toMatch(/^shell:am broadcast /);
    }
  });

  it('a cold connect checks the Operator once, beside the logcat start, and its first snapshot only probes and dispatches', async () => {
    let cold: Device | undefined;
    const work = await workOf(async () => {
      cold = await h.connect();
      await cold.snapshot();
    });
    cold?.close();
    // logcat (attached by its first buffered line, no marker), one pm+dumpsys query, the probe, the snapshot.
    expect(work.programs).toEqual({ logcat: 1, pm: 1, dumpsys: 1, echo: 2, am: 2 });
    expect(work.adbCommands).toBe(4);
  });

  it('a cold connect sends the Operator query before the logcat stream has attached', async () => {
    h.farmDevice.work.reset();
    // Shell output (logcat's first line included) is held back: attaching cannot complete.
    h.farmDevice.faults.stallShells();
    const connecting = h.connect({ logcat: { syncTimeoutMs: 60_000 } });
    try {
      await expect
        .poll(() => h.farmDevice.work.snapshot().recent.some((command) => command.startsWith('shell:pm ')))
        .toBe(true);
    } finally {
      h.farmDevice.faults.resumeShells();
    }
    (await connecting).close();
  });

  it('a cold connect to a device the server does not list still fails with DEVICE_NOT_FOUND', async () => {
    const error = await connectDevice({ adbPort: h.server.port, serial: 'emulator-5999' }).then(
      () => undefined,
      (e: unknown) => e as { code: string },
    );
    expect(error?.code).toBe('DEVICE_NOT_FOUND');
  });

  it('a screen that slept since the last pass: refused, probed, woken and dispatched once more', async () => {
    h.vd.android.power.set({ screenOn: false });
    const work = await workOf(() => device.click({ resourceId: BLUETOOTH }));
    expect(h.vd.android.power.screenOn).toBe(true);
    // The refused click, the probe, the wake, the second probe, the click as `-r1`.
    expect(work.programs).toEqual({ am: 4, input: 1 });
    const clicks = device.timeline.since().filter((e) => JSON.stringify(e.payload).includes(BLUETOOTH));
    expect(clicks.at(-2)?.envelope?.errorCode).toBe('DEVICE_NOT_INTERACTIVE');
    expect(clicks.at(-1)?.commandId).toMatch(/-r1$/);
    expect(clicks.at(-1)?.envelope?.status).toBe('success');
    // And back to one command per call.
    expect((await workOf(() => device.snapshot())).adbCommands).toBe(1);
  });

  it('a locked device: the refusal leads to a fresh probe and DEVICE_NOT_INTERACTIVE with its evidence', async () => {
    h.vd.android.power.lock();
    try {
      const error = await device.click({ resourceId: BLUETOOTH }).then(
        () => undefined,
        (e: unknown) => e as { code: string; details: Record<string, unknown> },
      );
      expect(error?.code).toBe('DEVICE_NOT_INTERACTIVE');
      expect(error?.details.probeCommandId).toMatch(/^probe-/);
    } finally {
      h.vd.android.power.unlock();
    }
    // Not ready last time: the next action probes first, then dispatches.
    const work = await workOf(() => device.click({ resourceId: BLUETOOTH }));
    expect(work.programs).toEqual({ am: 2 });
    expect((await workOf(() => device.click({ resourceId: BLUETOOTH }))).programs).toEqual({ am: 1 });
  });
});
