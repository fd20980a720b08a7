import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

// The project's own tests. Example suites under examples/ have their own configs
// and are run as child processes by the environment tests, the way users run them.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'test-apps/**/*.test.ts', 'conformance/**/*.test.ts'],
    exclude: ['node_modules/**', 'dist/**', 'examples/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // The bins the tests spawn log their runs here, not in the developer's ~/.droidproof/logs.
    env: { DROIDPROOF_LOG_DIR: join(tmpdir(), 'droidproof-test-logs') },
  },
});
