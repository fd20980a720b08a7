/**
 * The Vitest environment `droidproof` (set by the plugin): leases a device
 * for the worker before its first test file runs, publishes it as the
 * `device` global, and gives it back when the worker stops. With
 * `isolate: true` that is once per file, with `isolate: false` once per worker.
 * Per-test work (app reset, evidence) is the `attempt` fixture's (fixtures.ts), which `device` builds on.
 */
import type { Environment } from 'vitest/environments';
import '../globals.js';
import { closeSession, openSession } from './worker-session.js';

const environment: Environment = {
  name: 'droidproof',
  viteEnvironment: 'ssr',
  async setup(global: typeof globalThis) {
    global.device = (await openSession()).device;
    return {
      async teardown(torn: typeof globalThis) {
        Reflect.deleteProperty(torn, 'device');
        await closeSession();
      },
    };
  },
};

export default environment;
