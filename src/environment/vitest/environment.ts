/**
 * The Vitest environment `droidproof` (set by the plugin): leases a device
 * for the worker before its first test file runs, publishes it as the
 * `device` global, and gives it back when the worker stops. With
 * `isolate: true` that is once per file, with `isolate: false` once per worker.
 */
import type { Environment } from 'vitest/environments';
import { closeWorkerSession, workerSession } from '../worker/session.js';
import '../globals.js';
import { vitestWorkerLabel } from './worker-label.js';

const environment: Environment = {
  name: 'droidproof',
  viteEnvironment: 'ssr',
  async setup(global: typeof globalThis) {
    const session = await workerSession(vitestWorkerLabel());
    global.device = session.device;
    return {
      async teardown(torn: typeof globalThis) {
        Reflect.deleteProperty(torn, 'device');
        await closeWorkerSession();
      },
    };
  },
};

export default environment;
