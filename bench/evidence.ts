/**
 * Evidence cost, side by side:
 *  1. time to capture a full bundle on the virtual device (1080x2400 screen,
 *     a ~1,000-node hierarchy), and the same from in-memory sources;
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
import type { EvidenceSource } from '../src/evidence/source.js';
import { TestEvidence } from '../src/evidence/test-evidence.js';
import { verifyBundle } from '../src/evidence/verify.js';
import { configureMatchers } from '../src/matchers/config.js';
import { droidproofMatchers } from '../src/matchers/matchers.js';
import { column, defineApp, row, scroll, text } from '../src/virtual-device/android/index.js';
import { createVirtualDevice } from '../src/virtual-device/device.js';
import { startVirtualFarm } from '../src/virtual-device/farm.js';

const BUNDLES = 10;
const SUITE_TESTS = 50;
const SUITE_ROUNDS = 3;
const BENCH_PACKAGE = 'com.droidproof.bench';

/** 330 rows of three nodes: with the window and list containers, about 1,000 nodes. */
const benchApp = defineApp<Record<string, never>>({
  packageName: BENCH_PACKAGE,
  label: 'Bench',
  versionName: '1.0.0',
  initialState: () => ({}),
  screens: {
    main: () =>
      column([
        text('Bench', { id: 'title', height: 64 }),
        scroll(
          'rows',
          Array.from({ length: 330 }, (_, i) =>
            row([text(`Row ${i}`, { id: 'label' }), text(String(i), { id: 'value' })], { id: 'row' }),
          ),
        ),
      ]),
  },
});

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p90 = (xs: number[]) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.9))];

async function captureMany(
  source: EvidenceSource,
  root: string,
): Promise<{ times: number[]; last: CaptureResult }> {
  const times: number[] = [];
  let last: CaptureResult | undefined;
  for (let i = 0; i < BUNDLES + 1; i++) {
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
      failure: undefined,
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
  await device.click({ textEquals: 'Bench' });
  const verdict = await droidproofMatchers.toShowNode.call({ isNot: false }, device, {
    textEquals: `Row ${i % 10}`,
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
  createDevice: (serial) => createVirtualDevice({ serial, apps: [benchApp] }),
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

  const onDevice = await captureMany(source, join(root, 'device'));
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
  const inMemory = await captureMany(memory, join(root, 'memory'));

  const evidence = new TestEvidence({ source, root: join(root, 'suite'), mode: 'on-failure' });
  configureMatchers({ onFailure: ({ failure }) => evidence.capture('failed', failure) });
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
} finally {
  await farm.stop();
  await rm(root, { recursive: true, force: true });
}
