/**
 * Round trip of `shell echo` through adbkit: via the real adb server and the
 * virtual adbd, and via the droidproof host front end. 200 calls each.
 *
 *   npx tsx bench/adb.ts
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@devicefarmer/adbkit';
import { startVirtualFarm } from '../src/virtual-device/farm.js';
import { freePort } from '../test/virtual-device/adb-server.js';
import { Adb } from '../test/virtual-device/adbkit.js';
import { createFakeDevice } from '../test/virtual-device/fake-device.js';
import { readStream } from '../test/virtual-device/streams.js';

const CALLS = 200;
const WARM_UP = 20;

async function measure(client: Client, serial: string): Promise<number[]> {
  const device = client.getDevice(serial);
  const times: number[] = [];
  for (let i = 0; i < WARM_UP + CALLS; i++) {
    const started = performance.now();
    const out = await readStream(await device.shell('echo ping'));
    if (out.toString() !== 'ping\n') throw new Error(`unexpected output ${JSON.stringify(out.toString())}`);
    if (i >= WARM_UP) times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

const at = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const row = (name: string, t: number[] | undefined) =>
  t
    ? `${name.padEnd(44)} ${at(t, 0.5).toFixed(2).padStart(7)} ${at(t, 0).toFixed(2).padStart(7)} ${at(t, 0.9).toFixed(2).padStart(7)} ${at(t, 0.99).toFixed(2).padStart(7)}`
    : `${name.padEnd(44)}  (skipped: no adb binary)`;

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
  const viaServer = hasAdb
    ? await measure(Adb.createClient({ host: '127.0.0.1', port: serverPort }), device.adbServerSerial)
    : undefined;
  const viaFrontEnd = await measure(
    Adb.createClient({ host: farm.adbHost, port: farm.adbPort }),
    device.serial,
  );
  console.log(`shell echo round trip, ${CALLS} calls each (ms)`);
  console.log(
    `${'path'.padEnd(44)} ${'median'.padStart(7)} ${'min'.padStart(7)} ${'p90'.padStart(7)} ${'p99'.padStart(7)}`,
  );
  console.log(row('adbkit → real adb server → virtual adbd', viaServer));
  console.log(row('adbkit → droidproof host front end', viaFrontEnd));
} finally {
  await farm.stop();
  if (hasAdb) execFileSync('adb', ['-P', String(serverPort), 'kill-server'], { env, stdio: 'ignore' });
  rmSync(home, { recursive: true, force: true });
}
