/**
 * 12 test files on 3 Vitest workers and 2 devices: the devices' own record
 * of the Operator dispatches they received shows that no device was ever
 * driven by two workers at once (each worker's dispatches on a device form
 * one unbroken run), and that every file ran.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from './helpers.js';
import { driverRuns, useRecordingFarm, workerDispatches } from './recording-farm.js';

const farm = useRecordingFarm(2);

describe('lease exclusivity under real Vitest', () => {
  it.each([
    // isolate: true (the default) gives every file its own worker process: 12 workers.
    { mode: 'forks, isolate: true', args: [], workerCount: 12 },
    // isolate: false keeps 3 workers, each holding its lease for its whole life.
    { mode: 'threads, isolate: false', args: ['--pool=threads', '--isolate=false'], workerCount: 3 },
  ])(
    'never lets two workers drive one device at once (12 files, 3 workers, 2 devices, $mode)',
    async ({ args, workerCount }) => {
      const devices = farm();
      devices.records.length = 0;
      const output = join(await tempDir('droidproof-exclusive-'), 'report');
      const run = await runCli(
        'vitest',
        [
          'run',
          '--config',
          'test/environment/fixtures/exclusive/vitest.config.ts',
          '--maxWorkers=3',
          ...args,
        ],
        { ...devices.env, DROIDPROOF_TEST_OUTPUT: output },
      );
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expect(run.stdout).toMatch(/Test Files\s+12 passed/);

      const dispatches = workerDispatches(devices.records);
      expect(new Set(dispatches.map((d) => d.worker)).size).toBe(workerCount);
      expect(dispatches).toHaveLength(12 * 3);
      for (const { serial } of devices.farm.devices) {
        const runs = driverRuns(devices.records, serial);
        expect(runs.length).toBeGreaterThan(0);
        expect(new Set(runs).size, `${serial} was driven by interleaved workers: ${runs.join(' ')}`).toBe(
          runs.length,
        );
      }
    },
    120_000,
  );
});
