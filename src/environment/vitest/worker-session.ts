/**
 * The Vitest worker's session, handed from the environment (which leases the
 * device before the first test file and publishes the `device` global) to the
 * `lease` fixture. It is kept on `globalThis` because the two are different
 * module instances whenever Vitest runs droidproof through its module runner
 * (from source, or inlined): the environment, the runner and the test files
 * each get their own copy of this module. It is the only process-wide state of
 * a worker; its writers are the environment and, without droidproof's
 * environment, the `lease` fixture.
 */
import { WorkerSession } from '../worker/session.js';
import { vitestWorkerLabel } from './worker-label.js';

const SESSION = Symbol.for('droidproof.vitest-worker-session');
type Registry = { [SESSION]?: Promise<WorkerSession> };
const registry = globalThis as Registry;

/** The worker's session if one is open or opening. */
export function openedSession(): Promise<WorkerSession> | undefined {
  return registry[SESSION];
}

/** Opens the worker's session (a failed open is forgotten, so the next caller tries again). */
export function openSession(): Promise<WorkerSession> {
  registry[SESSION] ??= WorkerSession.open(vitestWorkerLabel()).catch((error: unknown) => {
    registry[SESSION] = undefined;
    throw error;
  });
  return registry[SESSION];
}

/** Closes and forgets the worker's session. */
export async function closeSession(): Promise<void> {
  const session = registry[SESSION];
  registry[SESSION] = undefined;
  await (await session?.catch(() => undefined))?.close();
}
