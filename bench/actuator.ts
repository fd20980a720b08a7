/**
 * The Device API in process on one virtual device behind a real adb server,
 * the realistic case: every snapshot sees a screen that changed since the last
 * call (no device-side cache can answer), interleaved with the bare
 * `shell echo` round trip through the same adb route (droidproof's own
 * transport) and a click. Then a 5,000-node snapshot, also changed each time.
 * Also prints the device work each call costs on the virtual device's
 * counters (adb commands, shell programs): the figure that matters on a phone.
 *
 * Goals: snapshot of a changed 100-node screen within 3x the bare echo;
 * 5,000-node snapshot under 40 ms; one adb command and no `pm`/`dumpsys`
 * per call in steady state.
 *
 *   npx tsx bench/actuator.ts [--runs 40]
 */
import { parseArgs } from 'node:util';
import { AdbTransport } from '../src/actuator/adb/transport.js';
import { connectDevice } from '../src/actuator/connect.js';
import { createVirtualDevice, type VirtualDevice } from '../src/virtual-device/device.js';
import { startVirtualFarm } from '../src/virtual-device/farm.js';
import { startPrivateAdbServer } from '../test/virtual-device/adb-server.js';
import { TEST_APPS } from '../test-apps/index.js';
import { interleave, ms, row } from './report.js';
import { changeScreen, listApp, nodeCount } from './screen-app.js';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '40' } } });
const runs = Number(values.runs);
const SMALL = 'com.droidproof.bench.small';
const LARGE = 'com.droidproof.bench.large';
const SETTINGS = 'com.droidproof.settings';

const server = await startPrivateAdbServer();
let vd!: VirtualDevice;
const farm = await startVirtualFarm({
  devices: 1,
  adbServerPort: server.port,
  createDevice: (serial) => {
    vd = createVirtualDevice({ serial, apps: [...TEST_APPS, listApp(SMALL, 30), listApp(LARGE, 1640)] });
    return vd;
  },
});
const farmDevice = farm.devices[0]!;
const serial = farmDevice.adbServerSerial;
const device = await connectDevice({ adbPort: server.port, serial });
try {
  const shell = new AdbTransport({ adbPort: server.port }).device(serial);
  const echo = async () => {
    if ((await shell.exec('echo ping')).toString() !== 'ping\n') throw new Error('echo failed');
  };

  await device.openApp(SMALL);
  const small = nodeCount((await device.snapshot()).hierarchy.roots);
  const inProcess = await interleave(
    {
      echo,
      snapshot: async () => {
        changeScreen(vd, SMALL);
        await device.snapshot();
      },
    },
    runs,
  );
  row({
    bench: 'actuator',
    figure: 'bare `shell echo` (same adb route)',
    value: ms(inProcess.echo),
    goal: 'reference',
  });
  const ratio = inProcess.snapshot.median / inProcess.echo.median;
  row({
    bench: 'actuator',
    figure: `device.snapshot(), changed ${small}-node screen`,
    value: `${ms(inProcess.snapshot)} = ${ratio.toFixed(2)}x echo`,
    goal: '<= 3x echo',
    ok: ratio <= 3,
  });

  await device.openApp(SETTINGS);
  const switchId = `${SETTINGS}:id/switch_bluetooth`;
  const click = await interleave({ echo, click: () => device.click({ resourceId: switchId }) }, runs);
  const clickRatio = click.click.median / click.echo.median;
  row({
    bench: 'actuator',
    figure: 'device.click() (a switch: the screen changes)',
    value: `${ms(click.click)} = ${clickRatio.toFixed(2)}x echo`,
    goal: '<= 3x echo',
    ok: clickRatio <= 3,
  });

  await device.openApp(LARGE);
  const large = nodeCount((await device.snapshot()).hierarchy.roots);
  const big = await interleave(
    {
      snapshot: async () => {
        changeScreen(vd, LARGE);
        await device.snapshot();
      },
    },
    Math.max(10, Math.floor(runs / 2)),
  );
  row({
    bench: 'actuator',
    figure: `device.snapshot(), changed ${large}-node screen`,
    value: ms(big.snapshot),
    goal: '< 40 ms',
    ok: big.snapshot.median < 40,
  });

  // Device work per call in steady state, on the virtual device's counters.
  await device.openApp(SETTINGS);
  const calls: Array<[string, () => Promise<unknown>]> = [
    ['snapshot()', () => device.snapshot()],
    ['click()', () => device.click({ resourceId: switchId })],
    ['query()', () => device.query({ resourceId: switchId })],
    ['openApp()', () => device.openApp(SETTINGS)],
    ['back()', () => device.back()],
  ];
  for (const [label, call] of calls) {
    farmDevice.work.reset();
    await call();
    const work = farmDevice.work.snapshot();
    const programs = Object.entries(work.programs)
      .map(([name, count]) => `${name} ${count}`)
      .join(', ');
    const extra = (work.programs.pm ?? 0) + (work.programs.dumpsys ?? 0);
    row({
      bench: 'device work',
      figure: `device.${label}: adb commands, shell programs`,
      value: `${work.adbCommands} (${programs})`,
      goal: '1 command, no pm/dumpsys',
      ok: work.adbCommands === 1 && extra === 0,
    });
  }
} finally {
  device.close();
  await farm.stop();
  await server.stop();
}
