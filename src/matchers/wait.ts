/**
 * The waiting loop every matcher runs: one fresh check per attempt, attempts
 * started `interval` ms apart, until the condition reaches the wanted value or
 * the timeout ends. A check that cannot decide (`holds: null`, e.g. the UI tree
 * was unavailable) never satisfies either form.
 */

export interface Check<D> {
  /** Whether the condition holds in this observation; null when the observation failed. */
  holds: boolean | null;
  /** Matcher-specific details of this observation, for the failure message. */
  detail: D;
}

export interface WaitOptions {
  timeout: number;
  interval: number;
  /** Wait for the condition to hold (true) or to stop holding (`.not`, false). */
  want: boolean;
  /** One check only (inside `expect.poll`, which does its own retrying). */
  single: boolean;
}

export interface WaitOutcome<D> {
  /** The condition's value in the last check (null when it failed). */
  holds: boolean | null;
  detail: D;
  attempts: number;
  elapsedMs: number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function waitForCheck<D>(
  check: () => Promise<Check<D>>,
  options: WaitOptions,
): Promise<WaitOutcome<D>> {
  const started = Date.now();
  let attempts = 0;
  for (;;) {
    const attemptStarted = Date.now();
    const result = await check();
    attempts++;
    const elapsedMs = Date.now() - started;
    if (result.holds === options.want || options.single || elapsedMs >= options.timeout) {
      return { holds: result.holds, detail: result.detail, attempts, elapsedMs };
    }
    const untilNext = options.interval - (Date.now() - attemptStarted);
    await sleep(Math.max(0, Math.min(untilNext, options.timeout - elapsedMs)));
  }
}
