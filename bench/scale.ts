/**
 * Scale: wall time of the example Vitest suite (real Vitest child process,
 * built package) on 1, 2, 4 and 8 virtual devices with as many workers, and
 * the memory one virtual device costs (heap after creating devices, with GC,
 * divided by their number). On 2 shared cores the wall time stops falling
 * early; the figure to watch is that it does not rise much as devices are added.
 * Slow (a few minutes): it is a bench, not a test.
 *
 *   npm run build && npx tsx bench/scale.ts [--devices 1,2,4,8]
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createVirtualDevice, type VirtualDevice } from '../src/virtual-device/device.js';
import { row } from './report.js';

const { values } = parseArgs({ options: { devices: { type: 'string', default: '1,2,4,8' } } });
const counts = values.devices.split(',').map(Number);
const root = join(import.meta.dirname, '..');

function suite(devices: number): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [
        join(root, 'node_modules/vitest/vitest.mjs'),
        'run',
        '--config',
        'bench/scale.vitest.config.ts',
        `--maxWorkers=${devices}`,
      ],
      { cwd: root, env: { ...process.env, DROIDPROOF_BENCH_DEVICES: String(devices) }, maxBuffer: 16 << 20 },
      (error, stdout, stderr) =>
        error ? reject(new Error(`${stdout}\n${stderr}`)) : resolve(performance.now() - started),
    );
  });
}

for (const devices of counts) {
  const wall = await suite(devices);
  row({
    bench: 'scale',
    figure: `example suite, ${devices} virtual device(s), ${devices} worker(s)`,
    value: `${(wall / 1000).toFixed(1)} s`,
    goal: 'reference (flat or falling)',
  });
}

const gc = (globalThis as { gc?: () => void }).gc;
const heap = () => {
  gc?.();
  return process.memoryUsage().heapUsed;
};
const before = heap();
const made: VirtualDevice[] = [];
for (let i = 0; i < 8; i++) made.push(createVirtualDevice({ serial: `virtual-${5554 + 2 * i}` }));
const per = (heap() - before) / made.length;
for (const device of made) device.dispose();
row({
  bench: 'scale',
  figure: `heap per virtual device${gc ? '' : ' (no --expose-gc: rough)'}`,
  value: `${(per / 1024 / 1024).toFixed(2)} MiB`,
  goal: 'reference',
});
