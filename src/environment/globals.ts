/** The `device` global that droidproof's Vitest and Jest environments publish. */
import type { TestDevice } from './worker/test-device.js';

declare global {
  /** The worker's leased device (droidproof's Vitest or Jest environment). */
  var device: TestDevice;
}
