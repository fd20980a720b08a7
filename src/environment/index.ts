/**
 * The test-runner integration's programmatic surface: the device pool and
 * lease broker a custom runner or a remote farm provider builds on. Test
 * suites use `droidproof/vitest` or `droidproof/jest` instead.
 */
export { idleHolder, runningHolder, runningTest, waitingHolder } from './holder.js';
export { LeaseBroker, type LeaseBrokerOptions, type LeaseEvent, type PrepareDevice } from './lease/broker.js';
export { type GrantedSet, type Lease, LeaseClient } from './lease/client.js';
export { LeaseError, LeaseErrorCode } from './lease/errors.js';
export { BROKER_ADDRESS_ENV, type BrokerAddress, type DeviceDescriptor } from './lease/protocol.js';
export {
  type DroidproofOptions,
  type DroidproofOptionsInput,
  DroidproofOptionsSchema,
  parseOptions,
  REPORT_DIR_ENV,
} from './options.js';
export { type DevicePool, startDevicePool, type WorkerDeath } from './pool/device-pool.js';
export { deviceReadiness } from './pool/readiness.js';
export { currentRun, type RunHandle, startRun } from './run.js';
export {
  adbSource,
  type DeviceProvider,
  deviceProvider,
  type ProvidedDevices,
  virtualSource,
} from './sources/index.js';
export { TestAttempt, type TestIdentity, type Verdict } from './worker/attempt.js';
export { WorkerSession } from './worker/session.js';
export type { TestDevice } from './worker/test-device.js';
