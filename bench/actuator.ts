/**
 * The actuator's cost, side by side on one virtual device (issue 5):
 *
 * - bare `shell echo` round trip (adbkit through the real adb server);
 * - `device.snapshot()` and `device.click()` in process (median, p90);
 * - the host share of a snapshot: everything our code does for one snapshot
 *   (build + validate the payload, quote the broadcast, parse and verify the
 *   result line, envelope schema, XML validation, reconciliation, the parsed
 *   tree), replayed on the real result of a ~100-node screen;
 * - the same snapshot through a fresh `droidproof snapshot` process.
 *
 * Targets: in-process call within 3x of the bare round trip; host share under 2 ms.
 *
 *   npx tsx bench/actuator.ts [--runs 50]
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { AdbTransport } from '../src/actuator/adb/transport.js';
import { connectDevice } from '../src/actuator/connect.js';
import { buildExecution } from '../src/actuator/device/builders.js';
import { broadcastCommand } from '../src/actuator/execution/broadcast.js';
import { postProcess } from '../src/actuator/execution/post-process.js';
import { reconcileEnvelope } from '../src/actuator/execution/reconcile.js';
import { parseEnvelopeLine } from '../src/actuator/execution/result-envelope.js';
import { parseResultLine } from '../src/actuator/logcat/result-lines.js';
import { DIALECTS } from '../src/contract/dialect.js';
import { validateExecution } from '../src/contract/validate.js';
import { createVirtualDevice } from '../src/virtual-device/device.js';
import { startVirtualFarm } from '../src/virtual-device/farm.js';
import { startPrivateAdbServer } from '../test/virtual-device/adb-server.js';
import { TEST_APPS } from '../test-apps/index.js';
import { RawOperator } from './raw-operator.js';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '50' } } });
const runs = Number(values.runs);
const WARMUP = 5;
const SETTINGS = 'com.droidproof.settings';

function stats(samples: number[]): { median: number; p90: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))];
  return { median: at(0.5), p90: at(0.9) };
}

async function measure(label: string, once: () => Promise<unknown>, n = runs): Promise<number> {
  for (let i = 0; i < Math.min(WARMUP, n); i++) await once();
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    await once();
    samples.push(performance.now() - start);
  }
  const { median, p90 } = stats(samples);
  console.log(
    `${label.padEnd(34)} median ${median.toFixed(2).padStart(8)} ms   p90 ${p90.toFixed(2).padStart(8)} ms   (${n} runs)`,
  );
  return median;
}

const server = await startPrivateAdbServer();
const farm = await startVirtualFarm({
  devices: 1,
  adbServerPort: server.port,
  createDevice: (serial) => createVirtualDevice({ serial, apps: [...TEST_APPS] }),
});
const serial = farm.devices[0].adbServerSerial;
const device = await connectDevice({ adbPort: server.port, serial });
try {
  await device.openApp(SETTINGS);
  const shell = new AdbTransport({ adbPort: server.port }).device(serial);
  const echo = await measure('bare shell echo', async () => {
    if ((await shell.exec('echo ping')).toString() !== 'ping\n') throw new Error('echo failed');
  });
  // The device-side floor: a bare broadcast and logcat read with no actuator engine (the Operator bench's client).
  const raw = new RawOperator({ adbPort: server.port, serial });
  await raw.start();
  const rawSnapshot = await measure('raw Operator round trip: snapshot', () =>
    raw.execute([{ id: 'snap', type: 'snapshot' }]),
  );
  const rawClick = await measure('raw Operator round trip: click', () =>
    raw.execute([
      { id: 'c', type: 'click', params: { matcher: { resourceId: `${SETTINGS}:id/switch_bluetooth` } } },
    ]),
  );
  raw.stop();
  const snapshot = await measure('device.snapshot()', () => device.snapshot());
  const click = await measure('device.click() (a switch)', () =>
    device.click({ resourceId: `${SETTINGS}:id/switch_bluetooth` }),
  );

  // The host share, replayed on a real result of this screen.
  const sample = await device.snapshot();
  const nodes = (function count(list: { children: unknown[] }[]): number {
    return list.reduce((n, node) => n + 1 + count(node.children as { children: unknown[] }[]), 0);
  })(sample.hierarchy.roots);
  const execution = validateExecution(buildExecution('snapshot', undefined));
  const line = `${DIALECTS.androperator.resultPrefix} ${JSON.stringify({ ...sample.envelope, commandId: execution.commandId, taskId: execution.taskId })}`;
  const logcatLine = `12-01 03:00:00.000  100  100 I Operator: ${line}`;
  const host = await measure(
    `host share (${nodes}-node screen)`,
    async () => {
      const built = validateExecution(buildExecution('snapshot', undefined));
      broadcastCommand(DIALECTS.androperator, 'com.androperator.operator', JSON.stringify(built));
      const parsed = parseResultLine(logcatLine, DIALECTS.androperator);
      if (parsed?.kind !== 'result') throw new Error('line not recognized');
      const envelope = parseEnvelopeLine(parsed.text, DIALECTS.androperator, execution);
      const { envelope: processed, hierarchies } = await postProcess({
        envelope,
        actions: execution.actions,
        shell,
        forceStopped: new Set(),
      });
      reconcileEnvelope(processed);
      // Device.snapshot() reuses the tree validated in post-processing.
      if (!hierarchies.get('snap')) throw new Error('no hierarchy');
    },
    runs * 4,
  );

  const main = join(import.meta.dirname, '../src/cli/main.ts');
  const fresh = await measure(
    'fresh `droidproof snapshot` (tsx)',
    () =>
      new Promise<void>((resolve, reject) => {
        execFile(
          process.execPath,
          ['--import', 'tsx', main, 'snapshot', '--adb-port', String(server.port), '--device', serial],
          (error) => (error ? reject(error) : resolve()),
        );
      }),
    Math.max(5, Math.floor(runs / 10)),
  );

  console.log('');
  console.log(
    `snapshot / echo: ${(snapshot / echo).toFixed(2)}x, click / echo: ${(click / echo).toFixed(2)}x (target <= 3x)`,
  );
  console.log(
    `actuator over the raw Operator round trip: snapshot +${(snapshot - rawSnapshot).toFixed(2)} ms, click +${(click - rawClick).toFixed(2)} ms`,
  );
  console.log(`host share: ${host.toFixed(3)} ms for ${nodes} nodes (target < 2 ms)`);
  console.log(`fresh process / in-process snapshot: ${(fresh / snapshot).toFixed(0)}x`);
} finally {
  device.close();
  await farm.stop();
  await server.stop();
}
