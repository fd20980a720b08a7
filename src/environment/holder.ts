/**
 * What a lease is doing, as the worker tells the broker: a LEASE_TIMEOUT
 * names it, and a worker that dies mid-test is reported with its test.
 */
const RUNNING = ' running test: ';

export function runningHolder(worker: string, testName: string): string {
  return `${worker}${RUNNING}${testName}`;
}

export function waitingHolder(worker: string): string {
  return `${worker}, waiting for a device`;
}

export function idleHolder(worker: string): string {
  return `${worker}, between tests`;
}

/** The test named by a holder string, or undefined when the lease was idle. */
export function runningTest(holder: string): string | undefined {
  const at = holder.indexOf(RUNNING);
  return at === -1 ? undefined : holder.slice(at + RUNNING.length);
}
