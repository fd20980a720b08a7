/**
 * `test` with droidproof's fixtures: `lease` (worker scope: the worker
 * session the environment opened, or one opened here when the environment is
 * not droidproof's) and `device` (test scope: the leased device, its serial
 * written to `task.meta`).
 */
import { test as base } from 'vitest';
import { DroidproofError } from '../../contract/errors.js';
import { openTestDevices } from '../multi/test-devices.js';
import { closeWorkerSession, existingSession, type WorkerSession, workerSession } from '../worker/session.js';
import type { TestDevice } from '../worker/test-device.js';
import { vitestWorkerLabel } from './worker-label.js';

declare module 'vitest' {
  interface TaskMeta {
    /** The serial of the device the test ran on. */
    deviceSerial?: string;
    /** The serials of a multi-device test's `devices`, in order. */
    deviceSerials?: string[];
  }
}

function extendTest() {
  return (
    base
      // biome-ignore lint/correctness/noEmptyPattern: Vitest reads fixture dependencies from the destructuring pattern.
      .extend('lease', { scope: 'worker' }, async ({}, { onCleanup }): Promise<WorkerSession> => {
        const opened = existingSession();
        if (opened) return opened;
        const session = await workerSession(vitestWorkerLabel());
        onCleanup(closeWorkerSession);
        return session;
      })
      .extend('device', async ({ lease, task }): Promise<TestDevice> => {
        task.meta.deviceSerial = lease.serial;
        return lease.device;
      })
      // How many devices `devices` holds; `test.override({ devicesPerTest: 2 })` per file or describe.
      .extend('devicesPerTest', async ({ lease }): Promise<number> => lease.runtime.devicesPerTest)
      .extend('devices', async ({ lease, task, signal, devicesPerTest }, { onCleanup }) => {
        const set = await openTestDevices(lease, devicesPerTest, task.fullTestName ?? task.name, signal);
        onCleanup(() => set.close());
        task.meta.deviceSerials = set.serials;
        return set.devices;
      })
  );
}

export type DroidproofTest = ReturnType<typeof extendTest>;

/**
 * Vitest only lets fixtures be defined where tests are collected; the config
 * file imports this module too (for the plugin), and there `test` only
 * explains itself.
 */
function defineTest(): DroidproofTest {
  try {
    return extendTest();
  } catch (error) {
    const unavailable = () => {
      throw new DroidproofError(
        'TEST_OUTSIDE_RUNNER',
        `droidproof's test can only be used in test files run by Vitest (${(error as Error).message.split('\n')[0]})`,
      );
    };
    return unavailable as unknown as DroidproofTest;
  }
}

export const test: DroidproofTest = defineTest();
export const it: DroidproofTest = test;
