/**
 * `preset: 'droidproof'` in a Jest config: the environment that leases a
 * device per worker, the global setup and teardown that start and stop the
 * devices, the matchers, the evidence reporter beside Jest's own, and the
 * 60 s test timeout the Vitest integration sets too (a waiting matcher must
 * fail before the test does). CommonJS, because Jest reads presets with
 * `require`. Paths are absolute, so the preset works wherever the package
 * is installed; a project's own `reporters` or `setupFilesAfterEnv` replace
 * or extend these as Jest merges any preset.
 */
import { join } from 'node:path';

const file = (name: string) => join(__dirname, name);

export = {
  testEnvironment: file('environment.js'),
  globalSetup: file('index.js'),
  globalTeardown: file('index.js'),
  setupFilesAfterEnv: [file('setup-matchers.cjs')],
  reporters: ['default', file('reporter.js')],
  testTimeout: 60_000,
};
