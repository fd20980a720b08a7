/**
 * 12 test files on 3 Vitest workers and 2 devices: the devices' own record
 * of the Operator dispatches they received shows that no device was ever
 * driven by two workers at once (each worker's dispatches on a device form
 * one unbroken run), and that every file ran.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVirtualFarm, type VirtualFarm } from '../../src/virtual-device/farm.js';
import { createVirtualDevice } from '../../src/virtual-device/index.js';
import { TEST_APPS } from '../../test-apps/index.js';
import { ensureBuilt, runCli, tempDir } from './helpers.js';

interface Dispatch {
  serial: string;
  worker: string;
  atMs: number;
}

const dispatches: Dispatch[] = [];
let farm: VirtualFarm;

beforeAll(async () => {
  await ensureBuilt();
  farm = await startVirtualFarm({
    devices: 2,
    createDevice: (serial) => {
      const device = createVirtualDevice({ serial, apps: [...TEST_APPS] });
      const shell = device.shell.bind(device);
      // The device side: every broadcast to the Operator, with the step id naming the worker that sent it.
      device.shell = (line, io) => {
        const worker = /am broadcast .*worker-(\d+-\d+)/.exec(line)?.[1];
        if (worker) dispatches.push({ serial, worker, atMs: performance.now() });
        return shell(line, io);
      };
      return device;
    },
  });
}, 180_000);

afterAll(() => farm?.stop());

/** The workers in the order they drove the device, consecutive repeats merged. */
function driverRuns(serial: string): string[] {
  const order = dispatches.filter((d) => d.serial === serial).map((d) => d.worker);
  return order.filter((worker, i) => worker !== order[i - 1]);
}

describe('lease exclusivity under real Vitest', () => {
  it.each([
    // isolate: true (the default) gives every file its own worker process: 12 workers.
    { mode: 'forks, isolate: true', args: [], workerCount: 12 },
    // isolate: false keeps 3 workers, each holding its lease for its whole life.
    { mode: 'threads, isolate: false', args: ['--pool=threads', '--isolate=false'], workerCount: 3 },
  ])(
    'never lets two workers drive one device at once (12 files, 3 workers, 2 devices, $mode)',
    async ({ args, workerCount }) => {
      dispatches.length = 0;
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
        {
          DROIDPROOF_TEST_ADB_PORT: String(farm.adbPort),
          DROIDPROOF_TEST_SERIALS: farm.devices.map((d) => d.serial).join(','),
          DROIDPROOF_TEST_OUTPUT: output,
        },
      );
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expect(run.stdout).toMatch(/Test Files\s+12 passed/);

      const workers = new Set(dispatches.map((d) => d.worker));
      expect(workers.size).toBe(workerCount);
      expect(dispatches).toHaveLength(12 * 3);
      for (const { serial } of farm.devices) {
        const runs = driverRuns(serial);
        expect(runs.length).toBeGreaterThan(0);
        expect(new Set(runs).size, `${serial} was driven by interleaved workers: ${runs.join(' ')}`).toBe(
          runs.length,
        );
      }
    },
    120_000,
  );
});
