/**
 * Virtual devices that keep their own record of what they were asked to do:
 * every shell command line with the device's serial and the time it arrived.
 * Tests read from it which worker drove which device when (step ids name the
 * worker) and how often a device was reset for a new lease.
 */
import { afterAll, beforeAll } from 'vitest';
import { startVirtualFarm, type VirtualFarm } from '../../src/virtual-device/farm.js';
import { createVirtualDevice } from '../../src/virtual-device/index.js';
import { TEST_APPS } from '../../test-apps/index.js';
import { ensureBuilt } from './helpers.js';

export interface ShellRecord {
  serial: string;
  line: string;
  atMs: number;
}

export interface RecordingFarm {
  farm: VirtualFarm;
  records: ShellRecord[];
  /** Environment for a child run whose config uses the `adb` source on these devices. */
  env: Record<string, string>;
}

export async function startRecordingFarm(devices: number): Promise<RecordingFarm> {
  const records: ShellRecord[] = [];
  const farm = await startVirtualFarm({
    devices,
    createDevice: (serial) => {
      const device = createVirtualDevice({ serial, apps: [...TEST_APPS] });
      const shell = device.shell.bind(device);
      device.shell = (line, io) => {
        records.push({ serial, line, atMs: performance.now() });
        return shell(line, io);
      };
      return device;
    },
  });
  return {
    farm,
    records,
    env: {
      DROIDPROOF_TEST_ADB_PORT: String(farm.adbPort),
      DROIDPROOF_TEST_SERIALS: farm.devices.map((d) => d.serial).join(','),
    },
  };
}

/** The Operator dispatches whose step id names a worker (`worker-<id>`), in arrival order. */
export function workerDispatches(records: readonly ShellRecord[]): { serial: string; worker: string }[] {
  return records.flatMap(({ serial, line }) => {
    const worker = /am broadcast .*worker-([\w-]+?)["']/.exec(line)?.[1];
    return worker ? [{ serial, worker }] : [];
  });
}

/** The workers in the order they drove `serial`, consecutive repeats merged. */
export function driverRuns(records: readonly ShellRecord[], serial: string): string[] {
  const order = workerDispatches(records)
    .filter((d) => d.serial === serial)
    .map((d) => d.worker);
  return order.filter((worker, i) => worker !== order[i - 1]);
}

/** A recording farm for the whole test file (after the package is built); call the getter inside tests. */
export function useRecordingFarm(devices: number): () => RecordingFarm {
  let started: RecordingFarm | undefined;
  beforeAll(async () => {
    await ensureBuilt();
    started = await startRecordingFarm(devices);
  }, 180_000);
  afterAll(() => started?.farm.stop());
  return () => {
    if (!started) throw new Error('the recording farm did not start');
    return started;
  };
}
