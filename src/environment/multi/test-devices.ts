/**
 * The `devices` fixture's work, runner-neutral: checks the requested count,
 * opens the running test's device set and ties it to the attempt in
 * progress, so its bundles are captured with the attempt's own.
 */
import { DroidproofError } from '../../contract/errors.js';
import { LeaseError, LeaseErrorCode } from '../lease/errors.js';
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
  const attempt = session.current;
  const set = await DeviceSet.open(session, parsed.data, testName, signal);
  // The test ended while the set was being connected: it must not outlive it, nor join the next one.
  if (signal?.aborted || session.current !== attempt) {
    await set.close();
    throw new LeaseError(LeaseErrorCode.LEASE_CANCELLED, `${testName} ended before its devices were ready`);
  }
  if (attempt) attempt.deviceSet = set;
  return set;
}
