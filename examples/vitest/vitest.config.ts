// The Vitest example suite: `npm start` runs it on 3 virtual devices with 3 workers.
import { droidproof } from 'droidproof/vitest';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [droidproof({ devices: { source: 'virtual', count: 3 } })],
  test: {
    include: ['examples/vitest/**/*.test.ts'],
  },
});
