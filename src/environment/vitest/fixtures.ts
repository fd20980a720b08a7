/**
 * `test` with droidproof's fixtures, the one seam between a Vitest test and
 * its device:
 *
 * - `lease` (worker scope): the worker's session, which the environment
 *   opened, or one opened here when the environment is not droidproof's.
 * - `attempt` (test scope, automatic, so every test gets one whether or not
 *   it names a device): one try of the test on the worker's device. Its
 *   setup begins the attempt and resets the app under test; the devices'
 *   matchers capture the bundles when they give up; the step it leaves for
 *   the runner captures a throw or a timeout before afterEach; its cleanup
 *   settles the attempt after afterEach and records its bundles on the test
 *   (`recordArtifact`), for droidproof's reporter.
 * - `device`: the worker's leased device.
 * - `devices` (with `devicesPerTest`, default 1, or `test.override({ devicesPerTest: n })`):
 *   the attempt's device set, the worker's device first, granted all at once.
 */
import { test as base, type RunnerTestCase, recordArtifact } from 'vitest';
import { DroidproofError } from '../../contract/errors.js';
import type { CaptureResult } from '../../evidence/capture.js';
import { messageOf } from '../../evidence/error-message.js';
import { evidenceArtifact } from '../../evidence/runner-artifact.js';
import type { TestAttempt, Verdict } from '../worker/attempt.js';
import type { WorkerSession } from '../worker/session.js';
import type { TestDevice } from '../worker/test-device.js';
import { setBeforeAfterEach } from './before-after-each.js';
import { closeSession, openedSession, openSession } from './worker-session.js';

declare module 'vitest' {
  interface TaskMeta {
    /** The serial of the device the test ran on. */
    deviceSerial?: string;
    /** The serials of a multi-device test's `devices`, in order. */
    deviceSerials?: string[];
  }
}

function outcome(task: RunnerTestCase): { verdict: Verdict; message?: string } {
  return {
    verdict: task.result?.state === 'fail' ? 'failed' : 'passed',
    message: task.result?.errors?.map((error) => error.message).join('\n'),
  };
}

/**
 * Records a settled attempt's bundles on the test: its device's, then its set's other devices'
 * (a video joins the bundle at settle, so not earlier).
 */
async function recordBundles(
  task: RunnerTestCase,
  bundles: readonly (CaptureResult | undefined)[],
): Promise<void> {
  for (const bundle of bundles) {
    const artifact = bundle ? evidenceArtifact(bundle) : undefined;
    if (artifact) await recordArtifact(task, artifact);
  }
}

/**
 * One try of the test on the worker's device: begins the attempt, leaves the before-afterEach step
 * for the runner, resets the app, and settles the attempt at cleanup (after afterEach).
 */
async function attemptFor(
  session: WorkerSession,
  task: RunnerTestCase,
  onCleanup: (cleanup: () => Promise<void>) => void,
): Promise<TestAttempt> {
  const attempt = session.beginTest({
    name: task.fullTestName ?? task.name,
    path: task.file.filepath,
    attempt: (task.result?.retryCount ?? 0) + 1,
  });
  const settle = async (verdict: Verdict, message?: string) => {
    setBeforeAfterEach(task, undefined);
    const own = await attempt.settle(verdict, message);
    await recordBundles(task, [own, ...(await attempt.setBundles())]);
  };
  setBeforeAfterEach(task, async () => {
    const { verdict, message } = outcome(task);
    await attempt.bodyFinished(verdict, message);
  });
  try {
    await attempt.start();
  } catch (error) {
    // A fixture that throws gets no cleanup from Vitest: the attempt ends here.
    await settle('failed', messageOf(error));
    throw error;
  }
  onCleanup(() => {
    const { verdict, message } = outcome(task);
    return settle(verdict, message);
  });
  return attempt;
}

function extendTest() {
  return (
    base
      // biome-ignore lint/correctness/noEmptyPattern: Vitest reads fixture dependencies from the destructuring pattern.
      .extend('lease', { scope: 'worker' }, async ({}, { onCleanup }): Promise<WorkerSession> => {
        const opened = openedSession();
        if (opened) return opened;
        const session = await openSession();
        onCleanup(closeSession);
        return session;
      })
      .extend('attempt', { auto: true }, async ({ lease, task }, { onCleanup }): Promise<TestAttempt> => {
        task.meta.deviceSerial = lease.serial;
        return attemptFor(lease, task, onCleanup);
      })
      // Depends on the attempt so the app is reset before the test touches the device.
      .extend('device', async ({ lease, attempt: _attempt }): Promise<TestDevice> => lease.device)
      // How many devices `devices` holds; `test.override({ devicesPerTest: 2 })` per file or describe.
      .extend('devicesPerTest', async ({ lease }): Promise<number> => lease.runtime.devicesPerTest)
      .extend(
        'devices',
        async ({ attempt, task, signal, devicesPerTest }): Promise<readonly TestDevice[]> => {
          // The attempt keeps the set: its bundles are captured with the attempt's, its devices go back at settle.
          const set = await attempt.useDevices(devicesPerTest, signal);
          task.meta.deviceSerials = set.serials;
          return set.devices;
        },
      )
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
