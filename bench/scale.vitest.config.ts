// The example Vitest suite on DROIDPROOF_BENCH_DEVICES virtual devices (bench/scale.ts sets it, and as many workers).
import { droidproof } from 'droidproof/vitest';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [
    droidproof({ devices: { source: 'virtual', count: Number(process.env.DROIDPROOF_BENCH_DEVICES ?? 1) } }),
  ],
  test: {
    include: ['examples/vitest/**/*.test.ts'],
  },
});
