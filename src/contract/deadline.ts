/**
 * Races `work` against a deadline. On expiry `onExpire` runs (to tear down
 * the socket or stream the work is stuck on) and the promise rejects with the
 * error `expired()` builds; a late result of `work` is dropped, and a late
 * resource it yields goes to `onLate` so it is not leaked.
 */
export function withDeadline<T>(
  work: Promise<T>,
  timeoutMs: number,
  expired: () => Error,
  hooks: { onExpire?: () => void; onLate?: (value: T) => void } = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let done = false;
    const timer = setTimeout(() => {
      done = true;
      hooks.onExpire?.();
      reject(expired());
    }, timeoutMs);
    work.then(
      (value) => {
        if (done) hooks.onLate?.(value);
        else {
          done = true;
          clearTimeout(timer);
          resolve(value);
        }
      },
      (error: unknown) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
