/**
 * What recording a trace costs a passing suite, side by side on one virtual
 * device (1080x2400 screen), the two modes interleaved test by test:
 *  1. a typical test (a click, then a waiting matcher): recording (trace
 *     `on-failure`, screens kept in the in-memory ring) vs not recording (`off`);
 *  2. the worst case, three mutating calls back to back and then the matcher:
 *     each mutating call waits for the previous one's "after" screen;
 *  3. the call-site capture every `device.*` call and matcher makes in any
 *     mode (the stack is captured, formatted only when a trace is written);
 * and the memory the ring holds per screen.
 *
 *   npx tsx bench/trace.ts
 */

import { connectDevice } from '../src/actuator/connect.js';
import type { Device } from '../src/actuator/device/device.js';
import { captureCallSite } from '../src/actuator/execution/call-site.js';
import { droidproofMatchers } from '../src/matchers/matchers.js';
import { createVirtualDevice } from '../src/virtual-device/device.js';
import { startVirtualFarm } from '../src/virtual-device/farm.js';
import { figureOf, row } from './report.js';
import { listApp } from './screen-app.js';

const TESTS = 40;
const BENCH_PACKAGE = 'com.droidproof.bench';
const TICK = { resourceId: `${BENCH_PACKAGE}:id/tick` };

async function passingTest(device: Device, record: boolean, clicks: number): Promise<number> {
  device.trace.begin(record);
  const started = performance.now();
  for (let i = 0; i < clicks; i++) await device.click(TICK);
  const verdict = await droidproofMatchers.toShowNode.call({ isNot: false }, device, {
    textEquals: 'Summary 3',
  });
  if (!verdict.pass) throw new Error(verdict.message());
  // A capture still in flight belongs to this test (it would delay the next test's first mutating step).
  await device.trace.settled();
  return performance.now() - started;
}

/** Both modes, alternating which goes first; returns median wall ms per test of each. */
async function compare(device: Device, clicks: number) {
  const off: number[] = [];
  const on: number[] = [];
  for (let i = 0; i < TESTS; i++) {
    const offFirst = i % 2 === 0;
    const a = await passingTest(device, !offFirst, clicks);
    const b = await passingTest(device, offFirst, clicks);
    off.push(offFirst ? a : b);
    on.push(offFirst ? b : a);
  }
  return { off: figureOf(off), on: figureOf(on) };
}

const farm = await startVirtualFarm({
  devices: 1,
  createDevice: (serial) => createVirtualDevice({ serial, apps: [listApp(BENCH_PACKAGE, 20)] }),
});
try {
  const device = await connectDevice({
    adbHost: farm.adbHost,
    adbPort: farm.adbPort,
    serial: farm.devices[0]!.serial,
  });
  await device.openApp(BENCH_PACKAGE);
  for (let i = 0; i < 5; i++) await passingTest(device, i % 2 === 0, 1); // warm-up: JIT, sharp
  const typical = await compare(device, 1);
  const burst = await compare(device, 3);
  const screens = device.trace.screensSince(0);
  const bytes = screens.reduce((sum, s) => sum + s.png.byteLength, 0) / Math.max(1, screens.length);
  device.close();

  const stacks: number[] = [];
  for (let i = 0; i < 2000; i++) {
    const started = performance.now();
    captureCallSite();
    stacks.push(performance.now() - started);
  }

  const pct = (f: { off: { median: number }; on: { median: number } }) =>
    ((f.on.median - f.off.median) / f.off.median) * 100;
  const line = (f: typeof typical) =>
    `${f.off.median.toFixed(1)} → ${f.on.median.toFixed(1)} ms (${pct(f) >= 0 ? '+' : ''}${pct(f).toFixed(1)} %)`;
  console.log(
    `Passing tests on a virtual device, ${TESTS} per mode, interleaved; median wall per test, off → recording`,
  );
  row({
    bench: 'trace',
    figure: 'recording a trace: click + toShowNode',
    value: line(typical),
    goal: '< 10 %',
    ok: pct(typical) < 10,
  });
  row({
    bench: 'trace',
    figure: 'recording a trace: 3 clicks back to back + toShowNode',
    value: line(burst),
    goal: 'reference (worst case)',
  });
  row({
    bench: 'trace',
    figure: 'call-site capture per device call (every mode)',
    value: `${(figureOf(stacks).median * 1000).toFixed(1)} µs (p90 ${(figureOf(stacks).p90 * 1000).toFixed(1)})`,
    goal: '< 50 µs',
    ok: figureOf(stacks).median < 0.05,
  });
  row({
    bench: 'trace',
    figure: 'memory per kept screen (PNG as captured)',
    value: `${(bytes / 1024).toFixed(1)} KiB`,
    goal: 'reference (ring: 40, 64 MiB)',
  });
} finally {
  await farm.stop();
}
