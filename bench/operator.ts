/**
 * Virtual Operator round trips through the real adb server (issue 4): a raw
 * `am broadcast` (adbkit `shell:`) to the result line read back from one
 * persistent `logcat` stream (bench/raw-operator.ts), on the settings test
 * app. Prints the median and p90 of N runs after warm-up for a snapshot and
 * for a click.
 * Target: under 15 ms each.
 *
 *   npx tsx bench/operator.ts [--runs 50]
 */
import { parseArgs } from 'node:util';
import { createVirtualDevice, type VirtualDevice } from '../src/virtual-device/device.js';
import { startVirtualFarm } from '../src/virtual-device/farm.js';
import { startPrivateAdbServer } from '../test/virtual-device/adb-server.js';
import { RawOperator } from './raw-operator.js';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '50' } } });
const runs = Number(values.runs);
const WARMUP = 5;

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))];
}

async function measure(label: string, once: () => Promise<void>): Promise<void> {
  for (let i = 0; i < WARMUP; i++) await once();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await once();
    samples.push(performance.now() - start);
  }
  const median = percentile(samples, 0.5);
  console.log(
    `${label.padEnd(9)} median ${median.toFixed(2)} ms  p90 ${percentile(samples, 0.9).toFixed(2)} ms  (${runs} runs) ${median < 15 ? 'OK' : 'OVER 15 ms TARGET'}`,
  );
}

const server = await startPrivateAdbServer();
let device: VirtualDevice | undefined;
const farm = await startVirtualFarm({
  devices: 1,
  adbServerPort: server.port,
  createDevice: (serial) => {
    device = createVirtualDevice({ serial });
    device.android.activities.start({ packageName: 'com.droidproof.settings' });
    return device;
  },
});
const client = new RawOperator({ adbPort: server.port, serial: farm.devices[0].adbServerSerial });
try {
  await client.start();
  const expectSuccess = async (actions: unknown[]) => {
    const envelope = await client.execute(actions);
    if (envelope.status !== 'success')
      throw new Error(`bench step failed: ${JSON.stringify(envelope).slice(0, 300)}`);
  };
  await measure('snapshot', () => expectSuccess([{ id: 'snap', type: 'snapshot' }]));
  await measure('click', () =>
    expectSuccess([
      {
        id: 'c',
        type: 'click',
        params: { matcher: { resourceId: 'com.droidproof.settings:id/switch_bluetooth' } },
      },
    ]),
  );
} finally {
  client.stop();
  await farm.stop();
  device?.dispose();
  await server.stop();
}
