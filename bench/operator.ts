/**
 * Virtual Operator round trips through the real adb server (issue 4): a raw
 * `am broadcast` (droidproof's `shell:`) to the result line read back from
 * one persistent `logcat` stream (bench/raw-operator.ts, the actuator's
 * splitter, parser and chunk assembler), on the settings test app. A click
 * on a switch and a snapshot are interleaved, so every snapshot sees a screen
 * the click just changed (no device-side cache answers it).
 * Goal: under 15 ms each (median; p90 printed).
 *
 *   npx tsx bench/operator.ts [--runs 50]
 */
import { parseArgs } from 'node:util';
import { createVirtualDevice, type VirtualDevice } from '../src/virtual-device/device.js';
import { startVirtualFarm } from '../src/virtual-device/farm.js';
import { startPrivateAdbServer } from '../test/virtual-device/adb-server.js';
import { RawOperator } from './raw-operator.js';
import { interleave, ms, row } from './report.js';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '50' } } });
const runs = Number(values.runs);
const SETTINGS = 'com.droidproof.settings';

const server = await startPrivateAdbServer();
let device: VirtualDevice | undefined;
const farm = await startVirtualFarm({
  devices: 1,
  adbServerPort: server.port,
  createDevice: (serial) => {
    device = createVirtualDevice({ serial });
    device.android.activities.start({ packageName: SETTINGS });
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
    return envelope;
  };
  let previous = '';
  const figures = await interleave(
    {
      click: () =>
        expectSuccess([
          { id: 'c', type: 'click', params: { matcher: { resourceId: `${SETTINGS}:id/switch_bluetooth` } } },
        ]),
      snapshot: async () => {
        const xml = String(
          (await expectSuccess([{ id: 'snap', type: 'snapshot' }])).stepResults[0]?.data.text,
        );
        if (xml === previous) throw new Error('the screen did not change between snapshots');
        previous = xml;
      },
    },
    runs,
  );
  for (const name of ['snapshot', 'click'] as const) {
    row({
      bench: 'operator',
      figure: `raw ${name} round trip (${name === 'snapshot' ? 'changed screen' : 'a switch'})`,
      value: ms(figures[name]),
      goal: '< 15 ms',
      ok: figures[name].median < 15,
    });
  }
} finally {
  client.stop();
  await farm.stop();
  device?.dispose();
  await server.stop();
}
