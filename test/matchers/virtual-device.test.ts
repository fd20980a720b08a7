/**
 * The matchers against the virtual device through adbkit and the farm's adb
 * front end: the slow app's content appears after a delay on the device clock.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDevice } from '../../src/actuator/connect.js';
import type { Device } from '../../src/actuator/device/device.js';
import { captureEvidence } from '../../src/evidence/capture.js';
import { deviceEvidenceSource } from '../../src/evidence/device-source.js';
import { verifyBundle } from '../../src/evidence/verify.js';
import { deviceTarget } from '../../src/matchers/device-target.js';
import { createLocator } from '../../src/matchers/locator.js';
import { installVitestMatchers } from '../../src/matchers/vitest.js';
import { createVirtualDevice } from '../../src/virtual-device/device.js';
import { startVirtualFarm, type VirtualFarm } from '../../src/virtual-device/farm.js';
import { SLOW_TIMING, slowApp } from '../../test-apps/slow.js';
import { tempRoot } from '../evidence/fixtures.js';

const SLOW = 'com.droidproof.slow';
let farm: VirtualFarm;
let device: Device;

beforeAll(async () => {
  installVitestMatchers(expect);
  farm = await startVirtualFarm({
    devices: 1,
    createDevice: (serial) => createVirtualDevice({ serial, apps: [slowApp] }),
  });
  device = await connectDevice({
    adbHost: farm.adbHost,
    adbPort: farm.adbPort,
    serial: farm.devices[0].serial,
  });
}, 30_000);

afterAll(async () => {
  device?.close();
  await farm?.stop();
});

describe('matchers on the virtual device', () => {
  it('passes within one polling interval after the slow content appears', async () => {
    const interval = 100;
    // Records every observation the matcher makes through the real Device adapter.
    const log: { startedAt: number; finishedAt: number; loaded: boolean }[] = [];
    const target = deviceTarget(device);
    const recording = {
      observe: async () => {
        const startedAt = Date.now();
        const observation = await target.observe();
        const loaded = JSON.stringify(observation.hierarchy).includes('Results loaded');
        log.push({ startedAt, finishedAt: Date.now(), loaded });
        return observation;
      },
    };
    const opened = Date.now();
    await device.openApp(SLOW);
    await expect(device).toBeInForeground(SLOW);
    await expect(recording).toShowNode({ textEquals: 'Results loaded' }, { timeout: 5000, interval });
    const passedAt = Date.now();
    expect(passedAt - opened).toBeGreaterThanOrEqual(SLOW_TIMING.loadMs - 50);
    const last = log.at(-1)!;
    const before = log.at(-2)!;
    expect(last.loaded).toBe(true);
    expect(before.loaded).toBe(false);
    // The content appeared after the previous observation's capture; the very next observation,
    // started at most one interval later, saw it and the matcher passed right after it.
    const observationMs = before.finishedAt - before.startedAt;
    expect(last.startedAt - before.startedAt).toBeLessThanOrEqual(Math.max(interval, observationMs) + 20);
    expect(passedAt - last.finishedAt).toBeLessThan(20);
    await expect(createLocator(device, { resourceId: `${SLOW}:id/result` })).toHaveCount(3);
  });

  it('.not waits for the spinner to disappear after a refresh', async () => {
    await createLocator(device, { textEquals: 'Refresh' }).click();
    await expect(device).toShowNode({ textEquals: 'Loading…' });
    const started = Date.now();
    await expect(device).not.toShowNode({ textEquals: 'Loading…' }, { timeout: 5000 });
    expect(Date.now() - started).toBeGreaterThan(SLOW_TIMING.loadMs / 2);
  });

  it('captures a verifiable bundle from the device', async () => {
    const root = await tempRoot();
    const result = await captureEvidence({
      source: deviceEvidenceSource(device),
      root,
      context: {
        testName: 'virtual',
        attempt: 1,
        originalVerdict: 'failed',
        testStartedAtMs: Date.now() - 10_000,
      },
      applicationId: SLOW,
    });
    expect(result.artifacts.find((a) => a.kind === 'screenshot')?.status).toBe('complete');
    expect(result.artifacts.find((a) => a.kind === 'hierarchy')?.status).toBe('complete');
    expect((await verifyBundle(result.dir!)).problems).toEqual([]);
    expect(result.errors.map((e) => e.message)).toEqual([expect.stringMatching(/operatorVersion/)]);
    // The matcher observations above are in the timeline, their snapshot XML omitted from the envelope copies.
    const timeline = await readFile(join(result.dir!, 'timeline.json'), 'utf8');
    expect(JSON.parse(timeline).executions.length).toBeGreaterThan(5);
    expect(timeline).not.toContain('<hierarchy');
    expect(timeline).toContain('characters of hierarchy XML>');
    const captures = JSON.parse(await readFile(join(result.dir!, 'captures.json'), 'utf8'));
    expect(captures.hierarchy.result.stepResults[0].data.text).toMatch(/^<omitted: \d+ characters/);
  });
});
