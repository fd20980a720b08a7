/**
 * The Jest worker's session. Jest builds an environment object per test file
 * but loads this module once per worker process, so the lease is kept here,
 * privately, for the worker's next file, which Jest starts within
 * milliseconds. A worker that gets no further file gives the device back, and
 * closes the sockets that would keep it from exiting when Jest ends it (Jest
 * force-kills workers that do not exit within 500 ms).
 */
import { WorkerSession } from '../worker/session.js';

const IDLE_RELEASE_MS = 400;
let session: Promise<WorkerSession> | undefined;
let idleTimer: NodeJS.Timeout | undefined;

function jestWorkerLabel(): string {
  return `jest worker ${process.env.JEST_WORKER_ID ?? '?'} (pid ${process.pid})`;
}

/** The worker's session for the next test file: kept from the last file, or opened now. */
export function holdSession(): Promise<WorkerSession> {
  clearTimeout(idleTimer);
  session ??= WorkerSession.open(jestWorkerLabel()).catch((error: unknown) => {
    session = undefined;
    throw error;
  });
  return session;
}

/** A test file ended: the session closes unless another file holds it within the idle time. */
export function releaseWhenIdle(): void {
  clearTimeout(idleTimer);
  idleTimer = setTimeout(() => void closeSession(), IDLE_RELEASE_MS);
}

/** Closes the worker's session now (global teardown under --runInBand, where the worker is the main process). */
export async function closeSession(): Promise<void> {
  clearTimeout(idleTimer);
  const closing = session;
  session = undefined;
  await (await closing?.catch(() => undefined))?.close();
}
