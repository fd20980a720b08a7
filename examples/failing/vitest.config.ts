// A deliberately failing suite: `npm run example:failing` exits non-zero and leaves its evidence in droidproof-report/.
import { droidproof } from 'droidproof/vitest';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [droidproof({ devices: { source: 'virtual', count: 1 }, timeouts: { matcherMs: 2_000 } })],
  test: {
    include: ['examples/failing/**/*.test.ts'],
  },
});
