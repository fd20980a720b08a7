/**
 * The Device API on one virtual device behind a real adb server, the
 * realistic case: the device runs in a process of its own (as the built-in
 * farm does beside a test run's workers), every snapshot sees a screen that
 * changed since the last call (no device-side cache can answer), interleaved
 * with the bare `shell echo` round trip through the same adb route
 * (droidproof's own transport) and a click. Then a 5,000-node snapshot, also
 * changed each time. Each snapshot's CPU time is split between this process
 * (droidproof) and the device's (the virtual device, the adb server is
 * neither). Also prints the device work each call costs on the virtual
 * device's counters (adb commands, shell programs): the figure that matters
 * on a phone. The ratios are taken in steady state (after 20 warm-up rounds, as
 * mid-suite in a worker); a new session's first calls, while the JIT still
 * compiles the hot path, are printed beside them.
 *
 * Goals: snapshot of a changed 100-node screen within 3x the bare echo;
 * 5,000-node snapshot under 40 ms; one adb command and no `pm`/`dumpsys`
 * per call in steady state.
 *
 *   npx tsx bench/actuator.ts [--runs 200]
 */
import { parseArgs } from 'node:util';
import { AdbTransport } from '../src/actuator/adb/transport.js';
import { connectDevice } from '../src/actuator/connect.js';
import { startDeviceHost } from './device-host.js';
import { figureOf, interleave, ms, row, type Variant } from './report.js';
import { nodeCount } from './screen-app.js';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '200' } } });
const runs = Number(values.runs);
/** Rounds before a steady-state figure: the hot path is compiled by then. */
const WARMUP = 20;
/** Calls counted as a new session's first ones. */
const FIRST_CALLS = 20;
const SMALL = 'com.droidproof.bench.small';
const LARGE = 'com.droidproof.bench.large';
const SETTINGS = 'com.droidproof.settings';

const host = await startDeviceHost({ [SMALL]: 30, [LARGE]: 1640 });
const device = await connectDevice({ adbPort: host.adbPort, serial: host.serial });
try {
  const shell = new AdbTransport({ adbPort: host.adbPort }).device(host.serial);
  const echo = async () => {
    if ((await shell.exec('echo ping')).toString() !== 'ping\n') throw new Error('echo failed');
  };

  /** A snapshot of a screen changed just before it, with the CPU each side spent on it (ms). */
  const changedSnapshot = (packageName: string) => {
    const cpu = { host: [] as number[], device: [] as number[] };
    let hostUsed = 0;
    let deviceStart = 0;
    const variant: Variant = {
      prepare: async () => {
        await host.tick(packageName);
        deviceStart = await host.cpuMicros();
      },
      run: async () => {
        const start = process.cpuUsage();
        await device.snapshot();
        const used = process.cpuUsage(start);
        hostUsed = used.user + used.system;
      },
      finish: async (measured) => {
        const deviceUsed = (await host.cpuMicros()) - deviceStart;
        if (!measured) return;
        cpu.host.push(hostUsed / 1000);
        cpu.device.push(deviceUsed / 1000);
      },
    };
    const split = () =>
      `droidproof ${figureOf(cpu.host).median.toFixed(2)} ms, device ${figureOf(cpu.device).median.toFixed(2)} ms`;
    return { variant, split };
  };

  await device.openApp(SMALL);
  const small = nodeCount((await device.snapshot()).hierarchy.roots);
  const first = await interleave({ echo, snapshot: changedSnapshot(SMALL).variant }, FIRST_CALLS, 0);
  const smallSnapshot = changedSnapshot(SMALL);
  const inProcess = await interleave({ echo, snapshot: smallSnapshot.variant }, runs, WARMUP);
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
  row({
    bench: 'actuator',
    figure: '  its CPU time per call',
    value: smallSnapshot.split(),
    goal: 'reference',
  });
  row({
    bench: 'actuator',
    figure: `  a new session's first ${FIRST_CALLS} calls`,
    value: `${ms(first.snapshot)} = ${(first.snapshot.median / first.echo.median).toFixed(2)}x echo`,
    goal: 'reference',
  });

  await device.openApp(SETTINGS);
  const switchId = `${SETTINGS}:id/switch_bluetooth`;
  const click = await interleave({ echo, click: () => device.click({ resourceId: switchId }) }, runs, WARMUP);
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
  const largeSnapshot = changedSnapshot(LARGE);
  const big = await interleave({ snapshot: largeSnapshot.variant }, Math.max(10, Math.floor(runs / 5)), 5);
  row({
    bench: 'actuator',
    figure: `device.snapshot(), changed ${large}-node screen`,
    value: ms(big.snapshot),
    goal: '< 40 ms',
    ok: big.snapshot.median < 40,
  });
  row({
    bench: 'actuator',
    figure: '  its CPU time per call',
    value: largeSnapshot.split(),
    goal: 'reference',
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
    await host.resetWork();
    await call();
    const work = await host.work();
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
  await host.stop();
}
