import { isMainThread, threadId } from 'node:worker_threads';

/** How this Vitest worker is named to the broker (and in LEASE_TIMEOUT messages). */
export function vitestWorkerLabel(): string {
  const thread = isMainThread ? '' : ` thread ${threadId}`;
  return `vitest worker ${process.env.VITEST_POOL_ID ?? '?'} (pid ${process.pid}${thread})`;
}
