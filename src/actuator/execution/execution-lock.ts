/**
 * One execution at a time per (device, Operator) in this process. Callers queue
 * in arrival order; each waiter is a promise chained to its predecessor, so a
 * release can never be missed (no wakeup flags to lose).
 */
const tails = new Map<string, Promise<void>>();

/** Runs `task` after every earlier task for `key` has settled. */
export async function withExecutionLock<T>(key: string, task: () => Promise<T>): Promise<T> {
  const previous = tails.get(key) ?? Promise.resolve();
  let release!: () => void;
  const current = new Promise<void>((resolve) => {
    release = resolve;
  });
  const tail = previous.then(() => current);
  tails.set(key, tail);
  await previous;
  try {
    return await task();
  } finally {
    release();
    if (tails.get(key) === tail) tails.delete(key);
  }
}

export function executionLockKey(serial: string, operatorPackage: string): string {
  return `${serial}\u0000${operatorPackage}`;
}
