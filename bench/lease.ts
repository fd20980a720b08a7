/**
 * The lease path on 2 virtual devices, in one process (each figure a median
 * with its p90; the direct call and the fixture run alternate test by test):
 * - acquire-to-ready of a warm lease: a worker asks the broker for a device
 *   whose doctor report is cached, the broker resets it (home) and hands it
 *   over; 100 acquire/release cycles. Target: < 20 ms.
 * - per-test overhead of the `device` fixture: what the runner and fixture add
 *   around a test (begin: holder update, timeline mark; end: holder update)
 *   compared with calling the Device directly; 200 tests of one `press home`
 *   each. Target: < 5 ms.
 * - a multi-device test's second device: what `devices` with `devicesPerTest: 2`
 *   adds to a test (the set granted with the worker's own device, the other
 *   device connected, then released), interleaved with plain tests.
 *
 *   npx tsx bench/lease.ts
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LeaseClient } from '../src/environment/lease/client.js';
import { DeviceSet } from '../src/environment/multi/device-set.js';
import { parseOptions } from '../src/environment/options.js';
import { startRun } from '../src/environment/run.js';
import { WorkerSession } from '../src/environment/worker/session.js';
import { figureOf, ms, row } from './report.js';

const CYCLES = 100;
const TESTS = 200;
const WARM_UP = 10;

const SESSIONS = 20;

const run = await startRun(
  parseOptions({
    devices: { source: 'virtual', count: 2 },
    evidence: { mode: 'off', outputDir: join(tmpdir(), 'droidproof-bench-lease') },
  }),
  process.cwd(),
);
let session: WorkerSession | undefined;
try {
  const client = await LeaseClient.connect(run.pool.address, { pid: process.pid, label: 'bench' });
  const acquire: number[] = [];
  for (let i = 0; i < WARM_UP + CYCLES; i++) {
    const started = performance.now();
    const lease = await client.acquire(10_000);
    if (i >= WARM_UP) acquire.push(performance.now() - started);
    await lease.release();
  }
  client.close();

  // What a new worker process pays (isolate: true): broker connection, lease, Device connection.
  const opens: number[] = [];
  for (let i = 0; i < SESSIONS; i++) {
    const started = performance.now();
    const opened = await WorkerSession.open('bench worker');
    opens.push(performance.now() - started);
    await opened.close();
  }

  session = await WorkerSession.open('bench worker');
  const direct: number[] = [];
  const fixture: number[] = [];
  for (let i = 0; i < WARM_UP + TESTS; i++) {
    let started = performance.now();
    await session.device.home();
    const plain = performance.now() - started;
    started = performance.now();
    const attempt = session.beginTest({ name: `test ${i}`, path: 'bench.test.ts', attempt: 1 });
    await attempt.start();
    await session.device.home();
    await attempt.bodyFinished('passed');
    await attempt.settle('passed');
    const wrapped = performance.now() - started;
    if (i >= WARM_UP) {
      direct.push(plain);
      fixture.push(wrapped);
    }
  }
  const pairs: number[] = [];
  const singles: number[] = [];
  for (let i = 0; i < WARM_UP + SESSIONS; i++) {
    let started = performance.now();
    await session.device.home();
    const single = performance.now() - started;
    started = performance.now();
    const set = await DeviceSet.open(session, 2, `pair ${i}`);
    await Promise.all(set.devices.map((device) => device.home()));
    await set.close();
    if (i >= WARM_UP) {
      singles.push(single);
      pairs.push(performance.now() - started);
    }
  }
  const overhead = fixture.map((value, i) => value - direct[i]);
  const report = (figure: string, samples: number[], goalMs?: number) => {
    const measured = figureOf(samples);
    row({
      bench: 'lease',
      figure,
      value: ms(measured),
      goal: goalMs === undefined ? 'reference' : `< ${goalMs} ms`,
      ok: goalMs === undefined ? undefined : measured.median < goalMs,
    });
  };
  report('acquire-to-ready, warm lease', acquire, 20);
  report('new worker session (connect, lease, Device)', opens);
  report('one test calling the Device directly', direct);
  report('the same test through the device fixture', fixture);
  report('per-test overhead of the device fixture', overhead, 5);
  report('one test on its own device', singles);
  report('the same on a set of 2 (lease, connect, free)', pairs);
  row({
    bench: 'lease',
    figure: 'set of 2 / own device (median)',
    value: `${(figureOf(pairs).median / figureOf(singles).median).toFixed(1)}x`,
    goal: 'reference',
  });
} finally {
  await session?.close();
  await run.stop();
}
