/**
 * The bare `shell echo` round trip, four routes interleaved round by round:
 * adbkit and droidproof's own smart-socket transport, each through the real
 * adb server to the virtual adbd and through droidproof's host front end.
 * Goal: under 2 ms each (median; p90 printed).
 *
 *   npx tsx bench/adb.ts [--runs 200]
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Client } from '@devicefarmer/adbkit';
import { AdbTransport } from '../src/actuator/adb/transport.js';
import { startVirtualFarm } from '../src/virtual-device/farm.js';
import { freePort } from '../test/virtual-device/adb-server.js';
import { Adb } from '../test/virtual-device/adbkit.js';
import { createFakeDevice } from '../test/virtual-device/fake-device.js';
import { readStream } from '../test/virtual-device/streams.js';
import { interleave, ms, row } from './report.js';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '200' } } });
const runs = Number(values.runs);

function check(out: Buffer): void {
  if (out.toString() !== 'ping\n') throw new Error(`unexpected output ${JSON.stringify(out.toString())}`);
}
const viaAdbkit = (client: Client, serial: string) => async () =>
  check(await readStream(await client.getDevice(serial).shell('echo ping')));
const viaDroidproof = (port: number, serial: string) => {
  const shell = new AdbTransport({ adbPort: port }).device(serial);
  return async () => check(await shell.exec('echo ping'));
};

const home = mkdtempSync(join(tmpdir(), 'droidproof-bench-'));
const serverPort = await freePort();
const env = { ...process.env, HOME: home };
let hasAdb = true;
try {
  execFileSync('adb', ['-P', String(serverPort), 'start-server'], { env, stdio: 'ignore' });
} catch {
  hasAdb = false;
}
const farm = await startVirtualFarm({
  devices: 1,
  createDevice: createFakeDevice,
  adbServerPort: hasAdb ? serverPort : undefined,
});
try {
  const [device] = farm.devices;
  const routes: Record<string, () => Promise<void>> = {
    'adbkit → host front end': viaAdbkit(
      Adb.createClient({ host: farm.adbHost, port: farm.adbPort }),
      device.serial,
    ),
    'droidproof → host front end': viaDroidproof(farm.adbPort, device.serial),
  };
  if (hasAdb) {
    routes['adbkit → real adb server → adbd'] = viaAdbkit(
      Adb.createClient({ host: '127.0.0.1', port: serverPort }),
      device.adbServerSerial,
    );
    routes['droidproof → real adb server → adbd'] = viaDroidproof(serverPort, device.adbServerSerial);
  }
  const figures = await interleave(routes, runs, 20);
  for (const [route, figure] of Object.entries(figures)) {
    row({
      bench: 'adb',
      figure: `shell echo: ${route}`,
      value: ms(figure),
      goal: '< 2 ms',
      ok: figure.median < 2,
    });
  }
  if (!hasAdb) console.log('(the real adb server routes were skipped: no adb binary)');
} finally {
  await farm.stop();
  if (hasAdb) execFileSync('adb', ['-P', String(serverPort), 'kill-server'], { env, stdio: 'ignore' });
  rmSync(home, { recursive: true, force: true });
}
