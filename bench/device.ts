/**
 * Start-up of a fresh virtual device (system image, boot log, test apps,
 * Operator) and the cost of reading an APK's manifest on install (needs the
 * APK tools to build one), interleaved round by round, each a median with
 * its p90. Goals: start-up under 10 ms; manifest read under 1 ms.
 *
 *   npx tsx bench/device.ts [--runs 200]
 */
import { parseArgs } from 'node:util';
import { readApkManifest } from '../src/virtual-device/android/apk/manifest.js';
import { createVirtualDevice } from '../src/virtual-device/device.js';
import { apkBuilder, hasApkTools } from '../test/virtual-device/apk-builder.js';
import { interleave, ms, row } from './report.js';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '200' } } });
const runs = Number(values.runs);

let serial = 0;
const variants: Record<string, () => Promise<unknown>> = {
  startup: async () => createVirtualDevice({ serial: `virtual-${5554 + 2 * serial++}` }).dispose(),
};
const apks = hasApkTools ? await apkBuilder() : undefined;
try {
  const apk = await apks?.build({
    packageName: 'com.example.bench',
    versionName: '1.0',
    versionCode: 1,
    permissions: ['android.permission.INTERNET'],
    receivers: [{ name: '.Receiver', actions: ['com.example.bench.PING'] }],
  });
  if (apk) variants.manifest = async () => readApkManifest(apk, '/data/app/vmdl1.tmp/base.apk');
  const figures = await interleave(variants, runs, 20);
  row({
    bench: 'device',
    figure: 'fresh virtual device (image, boot log, apps)',
    value: ms(figures.startup!),
    goal: '< 10 ms',
    ok: figures.startup!.median < 10,
  });
  if (figures.manifest) {
    row({
      bench: 'device',
      figure: `APK manifest read on install (${apk?.length} bytes)`,
      value: ms(figures.manifest),
      goal: '< 1 ms',
      ok: figures.manifest.median < 1,
    });
  } else console.log('(APK manifest read skipped: no aapt/apksigner to build an APK)');
} finally {
  await apks?.remove();
}
