/**
 * `npm run bench`: builds nothing, runs every bench one after another (each
 * in its own process, so one bench's heap and timers do not weigh on the
 * next) and prints one table of the rows they report (`bench/report.ts`).
 * Benches without rows yet have their last output lines shown instead.
 * Build first (`npm run build`): the CLI bench runs the built CLI.
 *
 *   npm run bench [-- --only actuator,daemon]
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type BenchRow, ROW_MARKER } from './report.js';

const BENCHES = [
  'actuator',
  'daemon',
  'adb',
  'operator',
  'selectors',
  'evidence',
  'video',
  'trace',
  'lease',
  'device',
  'scale',
];

const { values } = parseArgs({ options: { only: { type: 'string' } } });
const only = values.only?.split(',');
const rows: BenchRow[] = [];
const untabled: string[] = [];

for (const bench of BENCHES.filter((name) => !only || only.includes(name))) {
  process.stderr.write(`running bench/${bench}.ts ...\n`);
  const started = performance.now();
  const { stdout, failed } = await new Promise<{ stdout: string; failed: boolean }>((resolve) => {
    execFile(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', join(import.meta.dirname, `${bench}.ts`)],
      { maxBuffer: 16 << 20 },
      (error, out, err) => resolve({ stdout: out + (error ? err : ''), failed: error !== null }),
    );
  });
  const lines = stdout.split('\n');
  const own = lines.filter((line) => line.startsWith(ROW_MARKER));
  for (const line of own) rows.push(JSON.parse(line.slice(ROW_MARKER.length)) as BenchRow);
  if (failed || own.length === 0) {
    const tail = lines.filter((line) => line.trim() !== '' && !line.startsWith(ROW_MARKER)).slice(-8);
    untabled.push(`bench/${bench}.ts${failed ? ' FAILED' : ''}:`, ...tail.map((line) => `  ${line}`));
  }
  process.stderr.write(`  ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
}

const widths = { bench: 12, figure: 52, value: 34 };
console.log(
  `${'bench'.padEnd(widths.bench)} ${'figure'.padEnd(widths.figure)} ${'median (p90)'.padEnd(widths.value)} goal`,
);
for (const entry of rows) {
  const verdict = entry.ok === undefined ? '' : entry.ok ? ' ok' : ' MISSED';
  console.log(
    `${entry.bench.padEnd(widths.bench)} ${entry.figure.padEnd(widths.figure)} ${entry.value.padEnd(widths.value)} ${entry.goal}${verdict}`,
  );
}
if (untabled.length > 0) console.log(['', ...untabled].join('\n'));
