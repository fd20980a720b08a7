/**
 * Start-up of a fresh virtual device (system image, boot log, test apps,
 * Operator) and the cost of reading an APK's manifest on install.
 *
 *   npx tsx bench/device.ts [--runs 200]
 */
import { parseArgs } from 'node:util';
import { readApkManifest } from '../src/virtual-device/android/apk/manifest.js';
import { createVirtualDevice } from '../src/virtual-device/device.js';
import { apkBuilder, hasApkTools } from '../test/virtual-device/apk-builder.js';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '200' } } });
const runs = Number(values.runs);

function median(fn: () => void): number {
  for (let i = 0; i < 20; i++) fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    fn();
    samples.push(performance.now() - started);
  }
  return samples.sort((a, b) => a - b)[Math.floor(samples.length / 2)];
}

let serial = 0;
const create = median(() => createVirtualDevice({ serial: `virtual-${5554 + 2 * serial++}` }).dispose());
console.log(`fresh device (system image, boot log, test apps, Operator): ${create.toFixed(2)} ms median`);

if (hasApkTools) {
  const apks = await apkBuilder();
  try {
    const apk = await apks.build({
      packageName: 'com.example.bench',
      versionName: '1.0',
      versionCode: 1,
      permissions: ['android.permission.INTERNET'],
      receivers: [{ name: '.Receiver', actions: ['com.example.bench.PING'] }],
    });
    const parse = median(() => readApkManifest(apk, '/data/app/vmdl1.tmp/base.apk'));
    console.log(`APK manifest read (${apk.length} bytes): ${(parse * 1000).toFixed(0)} µs median`);
  } finally {
    await apks.remove();
  }
}
