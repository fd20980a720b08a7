// The example Vitest suite on DROIDPROOF_BENCH_DEVICES virtual devices (bench/scale.ts sets it, and as many workers).
import { droidproof } from 'droidproof/vitest';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [
    droidproof({ devices: { source: 'virtual', count: Number(process.env.DROIDPROOF_BENCH_DEVICES ?? 1) } }),
  ],
  test: {
    include: ['examples/vitest/**/*.test.ts'],
    // The multi-device example needs two devices at once; the same suite must run on one device too.
    exclude: ['examples/vitest/chat.test.ts'],
  },
});
