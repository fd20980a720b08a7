/**
 * The `devices` fixture's work, runner-neutral: checks the requested count,
 * opens the test's device set and ties it to the attempt in progress, so its
 * bundles are captured with the attempt's own.
 */
import { DroidproofError } from '../../contract/errors.js';
import { DevicesPerTestSchema } from '../options.js';
import type { WorkerSession } from '../worker/session.js';
import { DeviceSet } from './device-set.js';

export async function openTestDevices(
  session: WorkerSession,
  count: number,
  testName: string,
  signal?: AbortSignal,
): Promise<DeviceSet> {
  const parsed = DevicesPerTestSchema.safeParse(count);
  if (!parsed.success) {
    throw new DroidproofError(
      'INVALID_OPTIONS',
      `devicesPerTest must be a whole number from 1 to ${DevicesPerTestSchema.maxValue}, got ${JSON.stringify(count)}`,
      { issues: [{ path: 'devicesPerTest', message: parsed.error.issues[0]?.message ?? 'invalid' }] },
    );
  }
  const set = await DeviceSet.open(session, parsed.data, testName, signal);
  if (session.current) session.current.deviceSet = set;
  return set;
}
