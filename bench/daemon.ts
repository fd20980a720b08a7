/**
 * A fresh `droidproof snapshot` process through the daemon vs without it
 * (`--no-daemon`), side by side, on one virtual device behind a real adb
 * server, with the built CLI (`node dist/src/cli/main.js`, as users run it)
 * and a private HOME. Target: through the daemon under a third of direct.
 *
 *   npm run build && npx tsx bench/daemon.ts [--runs 15]
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startDaemon, stopDaemon } from '../src/daemon/lifecycle.js';
import { startHarness } from '../test/actuator/e2e/harness.js';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '15' } } });
const runs = Number(values.runs);
const main = join(import.meta.dirname, '../dist/src/cli/main.js');

const median = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;

const h = await startHarness();
const home = await mkdtemp(join(tmpdir(), 'droidproof-bench-daemon-'));
const target = ['--device', h.serial, '--adb-port', String(h.server.port)];
const options = { device: h.serial, adbPort: h.server.port, home, entry: main, execArgv: [] };

function snapshot(extra: string[]): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [main, ...extra, 'snapshot', ...target],
      { env: { ...process.env, HOME: home } },
      (error, stdout) => {
        if (error || !stdout.includes('"status":"success"')) reject(error ?? new Error(stdout));
        else resolve(performance.now() - started);
      },
    );
  });
}

try {
  await startDaemon({ ...options, readyTimeoutMs: 30_000 });
  const direct: number[] = [];
  const daemon: number[] = [];
  await snapshot(['--no-daemon']);
  await snapshot([]);
  // Interleaved, so machine load affects both sides alike.
  for (let i = 0; i < runs; i++) {
    direct.push(await snapshot(['--no-daemon']));
    daemon.push(await snapshot([]));
  }
  const d = median(direct);
  const v = median(daemon);
  console.log(
    `fresh \`droidproof snapshot\` --no-daemon   median ${d.toFixed(1).padStart(7)} ms  (${runs} runs)`,
  );
  console.log(
    `fresh \`droidproof snapshot\` via daemon    median ${v.toFixed(1).padStart(7)} ms  (${runs} runs)`,
  );
  console.log(`ratio daemon / direct: ${(v / d).toFixed(2)} (target < 0.33)`);
} finally {
  await stopDaemon(options);
  await h.stop();
  await rm(home, { recursive: true, force: true });
}
