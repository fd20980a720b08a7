/**
 * Vitest calls nothing a fixture can register between a failed test function
 * (or beforeEach, or a timeout) and `afterEach`: only a runner's
 * `onTaskFinished` runs there. The `attempt` fixture leaves the step for that
 * moment on its task, and droidproof's runner runs it. A registered symbol,
 * because the runner and the test files may be different module instances.
 */
import type { RunnerTestCase } from 'vitest';

const STEP = Symbol.for('droidproof.before-after-each');
type Carrier = { [STEP]?: () => Promise<void> };

/** Sets (or, with undefined, clears) what runs on `task` before its afterEach hooks. */
export function setBeforeAfterEach(task: object, step: (() => Promise<void>) | undefined): void {
  (task as Carrier)[STEP] = step;
}

/** Runs what the `attempt` fixture left on `task` for this moment, if anything. */
export async function runBeforeAfterEach(task: RunnerTestCase): Promise<void> {
  await (task as Carrier)[STEP]?.();
}
