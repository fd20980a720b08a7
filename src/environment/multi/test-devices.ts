/**
 * A test's device set, runner-neutral: checks the requested count and opens
 * the set (the attempt that asks keeps it, so its bundles are captured with
 * the attempt's own and its devices go back when the attempt settles).
 */
import { DroidproofError } from '../../contract/errors.js';
import { LeaseError, LeaseErrorCode } from '../lease/errors.js';
import { DevicesPerTestSchema } from '../options.js';
import { DeviceSet, type SetOwner } from './device-set.js';

export async function openTestDevices(
  owner: SetOwner,
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
  const set = await DeviceSet.open(owner, parsed.data, testName, signal);
  // The test ended while the set was being connected: it must not outlive it, nor join the next one.
  if (signal?.aborted) {
    await set.close();
    throw new LeaseError(LeaseErrorCode.LEASE_CANCELLED, `${testName} ended before its devices were ready`);
  }
  return set;
}
