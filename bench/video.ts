/**
 * What per-test video costs, side by side on the virtual device:
 *  1. a passing test (the screen changes, one snapshot) with `video: 'off'`
 *     and with `video: 'on-failure'` (screenrecord started, stopped and
 *     deleted unpulled), interleaved; goal: under 250 ms added per test;
 *  2. a failing test's video into its bundle: stop, pull, verify, add, with
 *     the clip's size and frames for a test whose screen changed ten times.
 *
 *   npx tsx bench/video.ts
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AdbTransport } from '../src/actuator/adb/transport.js';
import { connectDevice } from '../src/actuator/connect.js';
import { captureEvidence } from '../src/evidence/capture.js';
import { deviceEvidenceSource } from '../src/evidence/device-source.js';
import { TestVideo } from '../src/evidence/video/test-video.js';
import { createVirtualDevice, type VirtualDevice } from '../src/virtual-device/device.js';
import { startVirtualFarm } from '../src/virtual-device/farm.js';
import { figureOf, interleave, ms, row } from './report.js';
import { changeScreen, listApp } from './screen-app.js';

const BENCH_PACKAGE = 'com.droidproof.bench.video';
const ROUNDS = 15;
const FAILING_RUNS = 5;

let vd: VirtualDevice | undefined;
const farm = await startVirtualFarm({
  devices: 1,
  createDevice: (serial) => {
    vd = createVirtualDevice({ serial, apps: [listApp(BENCH_PACKAGE, 30)] });
    return vd;
  },
});
const root = await mkdtemp(join(tmpdir(), 'droidproof-bench-video-'));
try {
  const serial = farm.devices[0]!.serial;
  const device = await connectDevice({ adbHost: farm.adbHost, adbPort: farm.adbPort, serial });
  const shell = new AdbTransport({ adbHost: farm.adbHost, adbPort: farm.adbPort }).device(serial);
  await device.openApp(BENCH_PACKAGE);
  const body = async () => {
    changeScreen(vd!, BENCH_PACKAGE);
    await device.snapshot();
  };
  const video = new TestVideo(shell, 'on-failure');
  const passing = await interleave(
    {
      off: body,
      onFailure: async () => {
        await video.begin();
        await body();
        await video.end(undefined, 'passed');
      },
    },
    ROUNDS,
  );

  const attach: number[] = [];
  let clip = { bytes: 0, frames: 0, durationMs: 0 };
  for (let i = 0; i < FAILING_RUNS; i++) {
    await video.begin();
    for (let change = 0; change < 10; change++) {
      await body();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const bundle = await captureEvidence({
      source: deviceEvidenceSource(device, { operatorVersion: 'bench' }),
      root,
      context: { testName: `failing ${i}`, attempt: 1, originalVerdict: 'failed' },
    });
    const started = performance.now();
    const withVideo = await video.end(bundle, 'failed');
    attach.push(performance.now() - started);
    const entry = withVideo?.artifacts.find((a) => a.kind === 'video');
    if (!entry?.video || entry.status !== 'complete')
      throw new Error(`no verified video: ${JSON.stringify(withVideo?.errors)}`);
    clip = {
      bytes: entry.bytes ?? 0,
      frames: entry.video.frames ?? 0,
      durationMs: entry.video.durationMs ?? 0,
    };
  }
  device.close();

  const added = passing.onFailure.median - passing.off.median;
  console.log(`Passing test (screen change + snapshot), ${ROUNDS} interleaved rounds`);
  row({ bench: 'video', figure: 'passing test, video off', value: ms(passing.off), goal: 'reference' });
  row({
    bench: 'video',
    figure: "passing test, video 'on-failure' (added)",
    value: `+${added.toFixed(1)} ms (${(passing.onFailure.median / passing.off.median).toFixed(1)}x)`,
    goal: '< 250 ms added',
    ok: added < 250,
  });
  const failing = figureOf(attach);
  row({
    bench: 'video',
    figure: 'failing test: stop, pull, verify, add to bundle',
    value: ms(failing),
    goal: 'reference',
  });
  row({
    bench: 'video',
    figure: 'clip of a ~1.5 s test, 10 screen changes',
    value: `${(clip.bytes / 1024).toFixed(0)} KiB, ${clip.frames} frames, ${clip.durationMs} ms`,
    goal: 'reference',
  });
} finally {
  await farm.stop();
  await rm(root, { recursive: true, force: true });
}
