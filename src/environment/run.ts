/**
 * One test run's device side, shared by the Vitest and Jest global setups:
 * starts the device pool and broker in the runner's main process, publishes
 * the broker address and worker settings to the workers through
 * `process.env`, and stops everything it started.
 */
import { rm } from 'node:fs/promises';
import type { RunIncident } from '../evidence/report/run-model.js';
import { BROKER_ADDRESS_ENV } from './lease/protocol.js';
import {
  type DroidproofOptions,
  EVIDENCE_DIR_ENV,
  RUNTIME_ENV,
  reportDirs,
  workerRuntime,
} from './options.js';
import { type DevicePool, startDevicePool, type WorkerDeath } from './pool/device-pool.js';

export interface RunHandle {
  pool: DevicePool;
  outputDir: string;
  stop(): Promise<void>;
}

const PUBLISHED = [BROKER_ADDRESS_ENV, RUNTIME_ENV, EVIDENCE_DIR_ENV] as const;

export async function startRun(options: DroidproofOptions, rootDir: string): Promise<RunHandle> {
  const { outputDir, bundlesDir } = reportDirs(options, rootDir);
  // Bundles of an earlier run would be joined to this run's tests of the same name.
  await rm(bundlesDir, { recursive: true, force: true });
  const pool = await startDevicePool(options);
  const previous = PUBLISHED.map((name) => process.env[name]);
  process.env[BROKER_ADDRESS_ENV] = JSON.stringify(pool.address);
  process.env[RUNTIME_ENV] = JSON.stringify(workerRuntime(options, bundlesDir));
  process.env[EVIDENCE_DIR_ENV] = bundlesDir;
  const handle: RunHandle = {
    pool,
    outputDir,
    async stop() {
      PUBLISHED.forEach((name, i) => {
        if (previous[i] === undefined) delete process.env[name];
        else process.env[name] = previous[i];
      });
      await pool.stop();
    },
  };
  (globalThis as RunRegistry)[RUN] = handle;
  return handle;
}

const RUN = Symbol.for('droidproof.run');
type RunRegistry = { [RUN]?: RunHandle };

/** The run this process started last (reporters read its worker deaths). */
export function currentRun(): RunHandle | undefined {
  return (globalThis as RunRegistry)[RUN];
}

/** One line per incident: a worker that died holding a device (naming its test), a device reconnected or quarantined. */
export function incidentLines(): string[] {
  return runIncidents().map((incident) => `droidproof: ${incident.message}`);
}

/** The workers that died holding a device and the device source's incidents, for the run's HTML and JUnit report. */
export function runIncidents(): RunIncident[] {
  const run = currentRun();
  const deaths = (run?.pool.deaths ?? []).map(
    (death): RunIncident => ({ kind: 'worker-died', message: describeDeath(death), test: death.test }),
  );
  return [...deaths, ...(run?.pool.sourceIncidents() ?? [])];
}

function describeDeath(death: WorkerDeath): string {
  const again =
    death.leasedAgainAtMs === undefined
      ? 'it was not leased again'
      : `it was leased again ${death.leasedAgainAtMs - death.atMs} ms later`;
  return `${death.worker} died during test "${death.test}" on ${death.serial}; ${again}`;
}
