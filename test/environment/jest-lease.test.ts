/**
 * Jest keeps a worker's lease across its test files: 6 files on 2 workers
 * and 1 device. The device's own record shows 2 hand-outs (one reset each),
 * not 6, and the two workers' dispatches never interleave.
 */
import { describe, expect, it } from 'vitest';
import { resetCommand } from '../../src/environment/pool/readiness.js';
import { runCli, tempDir } from './helpers.js';
import { driverRuns, useRecordingFarm, workerDispatches } from './recording-farm.js';

const farm = useRecordingFarm(1);

describe('the Jest environment', () => {
  it('holds one lease per worker across its test files', async () => {
    const devices = farm();
    const run = await runCli(
      'jest',
      ['--config', 'test/environment/fixtures/jest-lease/jest.config.js', '--maxWorkers=2'],
      {
        ...devices.env,
        DROIDPROOF_REPORT_DIR: await tempDir('droidproof-jest-lease-'),
      },
    );
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stderr).toMatch(/Test Suites:\s+6 passed, 6 total/);

    const [serial] = devices.env.DROIDPROOF_TEST_SERIALS.split(',');
    const handOuts = devices.records.filter((r) => r.line === resetCommand(undefined));
    const workers = new Set(workerDispatches(devices.records).map((d) => d.worker));
    expect(workers.size).toBe(2);
    expect(handOuts).toHaveLength(2);
    expect(driverRuns(devices.records, serial)).toHaveLength(2);
  }, 120_000);
});
