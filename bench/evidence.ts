/**
 * Evidence cost, side by side:
 *  1. time to capture a full bundle on the virtual device (1080x2400 screen,
 *     a ~1,000-node hierarchy) for a real matcher failure (failure.json and the
 *     annotated screenshot included), the screen changing before every bundle
 *     so nothing cached is served; and the same from in-memory sources;
 *  2. the extra wall time evidence mode "on-failure" adds to a passing suite
 *     of 50 tests (click + waiting matcher per test), target under 2 %.
 *
 *   npx tsx bench/evidence.ts
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectDevice } from '../src/actuator/connect.js';
import type { Device } from '../src/actuator/device/device.js';
import { parseHierarchyXml } from '../src/contract/selector/hierarchy-xml.js';
import { buildTreeIndex } from '../src/contract/selector/tree-index.js';
import { type CaptureResult, captureEvidence } from '../src/evidence/capture.js';
import { deviceEvidenceSource } from '../src/evidence/device-source.js';
import type { FailureReport } from '../src/evidence/failure.js';
import type { EvidenceSource } from '../src/evidence/source.js';
import { TestEvidence } from '../src/evidence/test-evidence.js';
import { verifyBundle } from '../src/evidence/verify.js';
import { droidproofMatchers } from '../src/matchers/matchers.js';
import { withMatcherSettings } from '../src/matchers/settings.js';
import { createVirtualDevice, type VirtualDevice } from '../src/virtual-device/device.js';
import { startVirtualFarm } from '../src/virtual-device/farm.js';
import { figureOf, row } from './report.js';
import { changeScreen, listApp } from './screen-app.js';

const BUNDLES = 10;
const SUITE_TESTS = 50;
const SUITE_ROUNDS = 3;
const BENCH_PACKAGE = 'com.droidproof.bench';

/** 330 rows of three nodes: with the window and list containers, about 1,000 nodes. */
const benchApp = listApp(BENCH_PACKAGE, 330);
let vd: VirtualDevice | undefined;

const median = (xs: number[]) => figureOf(xs).median;
const p90 = (xs: number[]) => figureOf(xs).p90;

async function captureMany(
  source: EvidenceSource,
  root: string,
  failure: FailureReport,
  change: boolean,
): Promise<{ times: number[]; last: CaptureResult }> {
  const times: number[] = [];
  let last: CaptureResult | undefined;
  for (let i = 0; i < BUNDLES + 1; i++) {
    // A failure shows a screen the last action changed: nothing cached on the device may answer.
    if (change && vd) changeScreen(vd, BENCH_PACKAGE);
    const started = performance.now();
    last = await captureEvidence({
      source,
      root,
      context: {
        testName: `bench ${i}`,
        attempt: 1,
        originalVerdict: 'failed',
        testStartedAtMs: Date.now() - 5000,
      },
      applicationId: BENCH_PACKAGE,
      failure,
    });
    if (i > 0) times.push(performance.now() - started); // the first run warms sharp and the JIT
  }
  const verification = await verifyBundle(last!.dir!);
  if (!verification.ok) throw new Error(`bundle does not verify: ${verification.problems.join('; ')}`);
  return { times, last: last! };
}

/** One passing test: a click, then a waiting matcher; with evidence, the per-test bookkeeping around it. */
async function passingTest(
  device: Device,
  i: number,
  evidence: TestEvidence | undefined,
): Promise<{ wall: number; bookkeeping: number }> {
  const started = performance.now();
  evidence?.start({ testName: `test ${i}`, attempt: 1 });
  const afterStart = performance.now();
  await device.click({ resourceId: `${BENCH_PACKAGE}:id/tick` });
  const verdict = await droidproofMatchers.toShowNode.call({ isNot: false }, device, {
    textEquals: `Summary ${i % 10}`,
  });
  if (!verdict.pass) throw new Error(verdict.message());
  const beforeFinish = performance.now();
  await evidence?.finish('passed');
  const ended = performance.now();
  return { wall: ended - started, bookkeeping: afterStart - started + (ended - beforeFinish) };
}

/**
 * The suite in both modes, interleaved test by test (alternating which goes
 * first), so machine noise and drift over the run hit both modes alike.
 */
async function runSuites(device: Device, evidence: TestEvidence) {
  const totals = { off: 0, onFailure: 0, bookkeeping: 0 };
  for (let round = 0; round < SUITE_ROUNDS; round++) {
    for (let i = 0; i < SUITE_TESTS; i++) {
      const offFirst = (round + i) % 2 === 0;
      const a = await passingTest(device, i, offFirst ? undefined : evidence);
      const b = await passingTest(device, i, offFirst ? evidence : undefined);
      const [off, on] = offFirst ? [a, b] : [b, a];
      totals.off += off.wall;
      totals.onFailure += on.wall;
      totals.bookkeeping += on.bookkeeping;
    }
  }
  const perSuite = (ms: number) => ms / SUITE_ROUNDS;
  return {
    off: perSuite(totals.off),
    onFailure: perSuite(totals.onFailure),
    bookkeeping: perSuite(totals.bookkeeping),
  };
}

const farm = await startVirtualFarm({
  devices: 1,
  createDevice: (serial) => {
    vd = createVirtualDevice({ serial, apps: [benchApp] });
    return vd;
  },
});
const root = await mkdtemp(join(tmpdir(), 'droidproof-bench-evidence-'));
try {
  const device = await connectDevice({
    adbHost: farm.adbHost,
    adbPort: farm.adbPort,
    serial: farm.devices[0].serial,
  });
  await device.openApp(BENCH_PACKAGE);
  const source = deviceEvidenceSource(device, { operatorVersion: 'bench' });

  // A real matcher failure (a node that never shows), as the hook receives it.
  let failure: FailureReport | undefined;
  withMatcherSettings(device, {
    timeout: 300,
    onFailure: async (context) => {
      failure = context.failure;
      return undefined;
    },
  });
  await droidproofMatchers.toShowNode.call({ isNot: false }, device, { textEquals: 'Never shown' });
  withMatcherSettings(device, { timeout: 5000, onFailure: undefined });
  if (!failure) throw new Error('the failing matcher reported no failure');

  const onDevice = await captureMany(source, join(root, 'device'), failure, true);
  const dir = onDevice.last.dir!;
  const xml = await readFile(join(dir, 'hierarchy.xml'), 'utf8');
  const nodes = buildTreeIndex(parseHierarchyXml(xml)).entries.length;
  const png = await readFile(join(dir, 'screenshot.png'));
  const shot = onDevice.last.artifacts.find((a) => a.kind === 'screenshot')!;

  // The same bundle from memory: what the host side costs without the device round trips.
  const memory: EvidenceSource = {
    screenshot: async () => png,
    hierarchy: async () => ({ xml, commandId: 'bench', taskId: null, result: null }),
    metadata: source.metadata,
    timeline: () => [],
    logcat: async () => '',
  };
  const inMemory = await captureMany(memory, join(root, 'memory'), failure, false);

  const evidence = new TestEvidence({ source, root: join(root, 'suite'), mode: 'on-failure' });
  withMatcherSettings(device, { onFailure: ({ failure }) => evidence.capture('failed', failure) });
  for (let i = 0; i < 10; i++) await passingTest(device, i, undefined); // warm-up
  const suite = await runSuites(device, evidence);
  device.close();

  const size = shot.image ? `${shot.image.captureWidthPx}x${shot.image.captureHeightPx}` : '?';
  console.log(
    `Full bundle capture (${BUNDLES} runs, ${size} screenshot, ${nodes}-node hierarchy, ${(xml.length / 1024).toFixed(0)} KiB XML)`,
  );
  console.log(`  ${'source'.padEnd(34)} ${'median ms'.padStart(10)} ${'p90 ms'.padStart(8)}`);
  console.log(
    `  ${'virtual device (adb + Operator)'.padEnd(34)} ${median(onDevice.times).toFixed(1).padStart(10)} ${p90(onDevice.times).toFixed(1).padStart(8)}`,
  );
  console.log(
    `  ${'in-memory sources (host work only)'.padEnd(34)} ${median(inMemory.times).toFixed(1).padStart(10)} ${p90(inMemory.times).toFixed(1).padStart(8)}`,
  );
  console.log('  per artifact on the device (last run):');
  for (const a of onDevice.last.artifacts)
    console.log(
      `    ${a.kind.padEnd(22)} ${a.durationMs.toString().padStart(6)} ms ${String(a.bytes ?? '-').padStart(9)} bytes`,
    );
  const pct = (ms: number) => `${((ms / suite.off) * 100).toFixed(2)} %`;
  console.log(
    `\nPassing suite of ${SUITE_TESTS} tests (click + toShowNode each, virtual device, mean of ${SUITE_ROUNDS} interleaved rounds)`,
  );
  console.log(`  ${'evidence off'.padEnd(34)} ${suite.off.toFixed(0).padStart(8)} ms`);
  console.log(
    `  ${'evidence on-failure'.padEnd(34)} ${suite.onFailure.toFixed(0).padStart(8)} ms  (difference ${pct(suite.onFailure - suite.off)}, machine noise included)`,
  );
  console.log(
    `  ${'  of which evidence bookkeeping'.padEnd(34)} ${suite.bookkeeping.toFixed(2).padStart(8)} ms  (${pct(suite.bookkeeping)}; target < 2 %)`,
  );
  const on = figureOf(onDevice.times);
  row({
    bench: 'evidence',
    figure: `failure bundle on the device (${nodes} nodes, annotated)`,
    value: `${on.median.toFixed(1)} ms (p90 ${on.p90.toFixed(1)})`,
    goal: 'reference',
  });
  const host = figureOf(inMemory.times);
  row({
    bench: 'evidence',
    figure: 'the same bundle from memory (host work)',
    value: `${host.median.toFixed(1)} ms (p90 ${host.p90.toFixed(1)})`,
    goal: 'reference',
  });
  row({
    bench: 'evidence',
    figure: `on-failure bookkeeping, passing ${SUITE_TESTS}-test suite`,
    value: `${suite.bookkeeping.toFixed(2)} ms = ${pct(suite.bookkeeping)}`,
    goal: '< 2 %',
    ok: suite.bookkeeping / suite.off < 0.02,
  });
} finally {
  await farm.stop();
  await rm(root, { recursive: true, force: true });
}
