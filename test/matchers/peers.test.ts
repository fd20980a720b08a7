/**
 * The audit, screenshot and performance matchers on the virtual device over
 * adb (adbkit and the farm's adb front end), with evidence captured by the
 * matcher hook at the moment of failure: findings drawn on annotated.png, the
 * comparison images in the bundle.
 */
import { access, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectDevice } from '../../src/actuator/connect.js';
import type { Device } from '../../src/actuator/device/device.js';
import { captureEvidence } from '../../src/evidence/capture.js';
import { deviceEvidenceSource } from '../../src/evidence/device-source.js';
import { FailureReportSchema } from '../../src/evidence/failure.js';
import { verifyBundle } from '../../src/evidence/verify.js';
import { AUDIT_RULES } from '../../src/matchers/audit/rules.js';
import { createLocator } from '../../src/matchers/locator.js';
import { droidproofMatchers } from '../../src/matchers/matchers.js';
import { withMatcherSettings } from '../../src/matchers/settings.js';
import { installVitestMatchers } from '../../src/matchers/vitest.js';
import { createVirtualDevice } from '../../src/virtual-device/device.js';
import { startVirtualFarm, type VirtualFarm } from '../../src/virtual-device/farm.js';
import { AUDIT_VIOLATIONS, auditApp } from '../../test-apps/audit.js';
import { FRAMES_TIMING, framesApp } from '../../test-apps/frames.js';
import { tempRoot } from '../evidence/fixtures.js';
import { failureOf } from './helpers.js';

const AUDIT = 'com.droidproof.audit';
const FRAMES = 'com.droidproof.frames';
let farm: VirtualFarm;
let device: Device;
let virtual: ReturnType<typeof createVirtualDevice>;
let bundles: string;

beforeAll(async () => {
  installVitestMatchers(expect);
  farm = await startVirtualFarm({
    devices: 1,
    createDevice: (serial) => {
      virtual = createVirtualDevice({ serial, apps: [auditApp, framesApp] });
      return virtual;
    },
  });
  device = await connectDevice({
    adbHost: farm.adbHost,
    adbPort: farm.adbPort,
    serial: farm.devices[0].serial,
  });
}, 30_000);

beforeAll(async () => {
  bundles = await tempRoot();
});

/** The device's matcher hook as the environment wires it: a bundle from the device at the failure moment. */
function captureOnFailure(): void {
  withMatcherSettings(device, {
    onFailure: ({ failure }) =>
      captureEvidence({
        source: deviceEvidenceSource(device),
        root: bundles,
        context: { testName: failure.matcher, attempt: 1, originalVerdict: 'failed' },
        failure,
      }),
  });
}
afterEach(() => {
  withMatcherSettings(device, { onFailure: undefined });
});

afterAll(async () => {
  device?.close();
  await farm?.stop();
});

const bundleOf = (message: string) => /Evidence \(\w+\): (\S+)/.exec(message)?.[1] ?? '';

describe('toPassAccessibilityAudit', () => {
  it('fails on the checkout screen with every known finding, drawn on annotated.png', async () => {
    captureOnFailure();
    await device.openApp(AUDIT);
    await expect(createLocator(device, { resourceId: `${AUDIT}:id/pay` })).toBeVisible();
    const message = await failureOf(expect(device).toPassAccessibilityAudit({ timeout: 0 }));
    expect(message).toMatch(/^expect\(device\)\.toPassAccessibilityAudit\(\.\.\.\) failed/);
    expect(message).toContain('Observed: 6 findings:');
    expect(message).toMatch(
      /touch-target: touch target 411 × 32 dp is under 48 × 48 dp — Button com\.droidproof\.audit:id\/pay \[\d+,\d+\]\[\d+,\d+\] path 0\.0\.6/,
    );
    const dir = bundleOf(message);
    expect((await verifyBundle(dir)).problems).toEqual([]);
    const failure = FailureReportSchema.parse(JSON.parse(await readFile(join(dir, 'failure.json'), 'utf8')));
    const found = Object.fromEntries(
      AUDIT_RULES.map((rule) => [
        rule,
        failure.findings?.filter((f) => f.rule === rule).map((f) => f.resourceId?.split(':id/')[1]),
      ]),
    );
    expect(found).toEqual(AUDIT_VIOLATIONS);
    const [shot, annotated] = await Promise.all(
      ['screenshot.png', 'annotated.png'].map((f) => readFile(join(dir, f))),
    );
    expect(annotated.equals(shot)).toBe(false);
  });

  it('passes with the failing rules disabled, and on the clean screen with all rules', async () => {
    await expect(device).toPassAccessibilityAudit({ disable: [...AUDIT_RULES] });
    await createLocator(device, { resourceId: `${AUDIT}:id/open_clean` }).click();
    await expect(device).toShowNode({ textEquals: 'Everything here is labelled' });
    await expect(device).toPassAccessibilityAudit();
    await device.back();
  });

  it('an unknown rule is a usage error', async () => {
    const message = await failureOf(
      expect(device).toPassAccessibilityAudit({ disable: ['contrast' as never] }),
    );
    expect(message).toMatch(/unknown accessibility rule "contrast"; rules are touch-target, missing-label/);
  });
});

describe('toMatchScreenshot', () => {
  // These tests choose the update mode themselves; the CI variable of the machine running them must not.
  beforeEach(() => {
    vi.stubEnv('CI', '');
  });
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('in CI a missing baseline fails and writes nothing', async () => {
    vi.stubEnv('CI', 'true');
    const testPath = join(await tempRoot('droidproof-shots-'), 'frames.test.ts');
    const result = await matchScreenshot(testPath, 'ci-missing');
    expect(result.pass).toBe(false);
    expect(result.message()).toMatch(/no baseline .*in CI a missing baseline fails/);
    await expect(access(join(testPath, '..', '__screenshots__'))).rejects.toThrow();
  });

  /** The matcher as a runner calls it, for a test file in a temp dir and a chosen update mode. */
  async function matchScreenshot(
    testPath: string,
    name: string,
    options: Parameters<typeof droidproofMatchers.toMatchScreenshot>[2] = {},
    update: 'new' | 'all' | 'none' = 'new',
  ) {
    return droidproofMatchers.toMatchScreenshot.call(
      { isNot: false, testPath, snapshotState: { _updateSnapshot: update } },
      device,
      name,
      { timeout: 3000, ...options },
    );
  }

  it('writes a missing baseline beside the test, then matches it (the status bar clock is masked)', async () => {
    const testPath = join(await tempRoot('droidproof-shots-'), 'frames.test.ts');
    await device.openApp(FRAMES);
    await expect(device).toShowNode({ textEquals: 'Idle' });
    const first = await matchScreenshot(testPath, 'idle');
    expect(first.pass, first.message()).toBe(true);
    const baseline = join(testPath, '..', '__screenshots__', 'frames.test.ts', 'idle.png');
    const written = await stat(baseline);
    // Two minutes later the status bar clock shows another time: masked by default.
    const { clock } = virtual.android;
    clock.advance(120_000);
    clock.setReal();
    const second = await matchScreenshot(testPath, 'idle');
    expect(second.pass, second.message()).toBe(true);
    expect((await stat(baseline)).mtimeMs).toBe(written.mtimeMs);
    const unmasked = await matchScreenshot(testPath, 'idle', { statusBar: false, timeout: 0 });
    expect(unmasked.pass).toBe(false);
    expect(unmasked.message()).toMatch(/Observed: \d+ pixels differ/);
  });

  it('a changed screen fails with the diff, expected and actual images in the bundle; a mask over the change passes', async () => {
    captureOnFailure();
    const testPath = join(await tempRoot('droidproof-shots-'), 'frames.test.ts');
    await device.closeApp(FRAMES);
    await device.openApp(FRAMES);
    await expect(device).toShowNode({ textEquals: 'Idle' });
    expect((await matchScreenshot(testPath, 'before')).pass).toBe(true);
    await createLocator(device, { resourceId: `${FRAMES}:id/animate` }).click();
    await expect(device).toShowNode({ textContains: 'Animation done' }, { timeout: 3000 });
    const changed = await matchScreenshot(testPath, 'before', { timeout: 200 });
    expect(changed.pass).toBe(false);
    const message = changed.message();
    expect(message).toMatch(/Observed: \d+ pixels differ \(\d+\.\d\d% of the screen\)/);
    const dir = bundleOf(message);
    expect((await verifyBundle(dir)).problems).toEqual([]);
    for (const file of ['screenshot-diff.png', 'screenshot-expected.png', 'screenshot-actual.png']) {
      await access(join(dir, file));
    }
    const manifest = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8'));
    expect(manifest.artifacts.map((a: { kind: string }) => a.kind)).toEqual(
      expect.arrayContaining(['screenshot_diff', 'screenshot_expected', 'screenshot_actual']),
    );
    const failure = JSON.parse(await readFile(join(dir, 'failure.json'), 'utf8'));
    expect(failure.images).toEqual([
      { role: 'expected', file: 'screenshot-expected.png' },
      { role: 'actual', file: 'screenshot-actual.png' },
      { role: 'diff', file: 'screenshot-diff.png' },
    ]);
    const masked = await matchScreenshot(testPath, 'before', {
      mask: [{ resourceId: `${FRAMES}:id/status` }, { resourceId: `${FRAMES}:id/box` }],
    });
    expect(masked.pass, masked.message()).toBe(true);
    // maxDiffPixelRatio lets a small change pass.
    const tolerant = await matchScreenshot(testPath, 'before', { maxDiffPixelRatio: 0.05 });
    expect(tolerant.pass, tolerant.message()).toBe(true);
  });

  it('-u rewrites the baseline; a missing baseline in CI mode (Jest --ci, Vitest in CI) fails', async () => {
    const testPath = join(await tempRoot('droidproof-shots-'), 'frames.test.ts');
    const ci = await matchScreenshot(testPath, 'absent', {}, 'none');
    expect(ci.pass).toBe(false);
    expect(ci.message()).toMatch(/no baseline \S*absent\.png; in CI a missing baseline fails/);
    await expect(access(join(testPath, '..', '__screenshots__'))).rejects.toThrow();
    expect((await matchScreenshot(testPath, 'home', {}, 'all')).pass).toBe(true);
  });
});

describe('performance', () => {
  it('toStartWithin measures one cold start with am start -W (TotalTime)', async () => {
    await expect(device).toStartWithin(5000, FRAMES);
    const message = await failureOf(expect(device).toStartWithin(100, FRAMES));
    expect(message).toMatch(/Observed: TotalTime \d+ ms \(LaunchState COLD\)/);
    expect(message).toContain(`Expected: ${FRAMES} to start cold within 100 ms (am start -W TotalTime)`);
  });

  it('device.metrics.frames reads gfxinfo: the janky run fails toHaveJankBelow(10), the smooth one passes', async () => {
    await device.openApp(FRAMES);
    await device.metrics.resetFrames(FRAMES);
    await createLocator(device, { resourceId: `${FRAMES}:id/animate_jank` }).click();
    await expect(createLocator(device, { resourceId: `${FRAMES}:id/status` })).toHaveText(/^Animation done/, {
      timeout: 5000,
    });
    const janky = await device.metrics.frames(FRAMES);
    expect(janky.frameCount).toBe(FRAMES_TIMING.frames + 1);
    expect(janky.jankyFrames).toBe(FRAMES_TIMING.frames / FRAMES_TIMING.jankEvery);
    expect(janky.p90Ms).toBe(FRAMES_TIMING.jankMs);
    expect(janky).toHaveJankBelow(50);
    const message = await failureOf(Promise.resolve().then(() => expect(janky).toHaveJankBelow(10)));
    expect(message).toContain('Observed: 10 of 31 frames janky (32.26%), p50 6 ms, p90 48 ms, max 48 ms');

    await device.metrics.resetFrames(FRAMES);
    await createLocator(device, { resourceId: `${FRAMES}:id/animate` }).click();
    await expect(createLocator(device, { resourceId: `${FRAMES}:id/status` })).toHaveText(/done \(2\)/, {
      timeout: 5000,
    });
    const smooth = await device.metrics.frames(FRAMES);
    expect(smooth.jankPercent).toBe(0);
    expect(smooth).toHaveJankBelow(1);
  });

  it('reading frames of an app that is not running is METRICS_UNAVAILABLE', async () => {
    await device.closeApp(FRAMES);
    await expect(device.metrics.frames(FRAMES)).rejects.toMatchObject({ code: 'METRICS_UNAVAILABLE' });
  });
});
