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
  },
});
