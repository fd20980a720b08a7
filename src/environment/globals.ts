/** The `device` global that droidproof's Vitest and Jest environments publish, and Jest's `useDevices`. */
import type { TestDevice } from './worker/test-device.js';

declare global {
  /** The worker's leased device (droidproof's Vitest or Jest environment). */
  var device: TestDevice;
  /**
   * Jest: the running test's devices, the worker's own first, granted all at once and given back
   * when the test ends; `count` defaults to the `devicesPerTest` option. Vitest tests use the
   * `devices` fixture instead.
   */
  var useDevices: (count?: number) => Promise<readonly TestDevice[]>;
}
