/**
 * The virtual device: an emulated Android with the test apps and the virtual
 * Operator, served over the real adb wire protocols by the farm.
 */

export { DIALECTS, type OperatorDialect } from '../contract/dialect.js';
export {
  createVirtualDevice,
  type OperatorSetup,
  type OperatorSetupFaults,
  VirtualDevice,
  type VirtualDeviceOptions,
} from './device.js';
export type { ResultEnvelope, StepResult } from './operator/envelope.js';
export { type OperatorFaults, VirtualOperator } from './operator/operator.js';
export {
  CHUNK_SLICE_BYTES,
  chunkResultLine,
  encodeResultMessages,
  RESULT_LINE_MAX_BYTES,
  type ResultChunk,
} from './operator/result-chunks.js';
