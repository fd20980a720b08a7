/**
 * The actuator: the host side of the Operator contract over adb.
 * Start with `connectDevice()`; see docs/device-api.md.
 */

export {
  DIALECTS,
  type DialectName,
  type OperatorDialect,
  resolveDialect,
  selectOperatorPackage,
} from '../contract/dialect.js';
export type { DeviceShell } from './adb/device-shell.js';
export { type DeviceEntry, resolveDevice } from './adb/devices.js';
export { type AdbServerAddress, resolveAdbServer } from './adb/server-address.js';
export { quoteShellArg } from './adb/shell-quote.js';
export { AdbTransport } from './adb/transport.js';
export { type ConnectOptions, connectDevice } from './connect.js';
export * from './device/builders.js';
export * from './device/compact-snapshot.js';
export {
  type ActionResult,
  type CallOptions,
  Device,
  type SnapshotOptions,
  type SnapshotResult,
} from './device/device.js';
export * from './device/device-info.js';
export * from './device/notification-media.js';
export * from './device/receipts.js';
export { runDoctor } from './doctor/doctor.js';
export * from './doctor/report.js';
export type { ExecutionResult, ExecutionTimings } from './execution/engine.js';
export { type DispatchState, ExecutionFailedError, type ExecutionPhase } from './execution/errors.js';
export { reconcileEnvelope } from './execution/reconcile.js';
export { Timeline, type TimelineEntry, type TimelineMark } from './execution/timeline.js';
export type { LogcatLine } from './logcat/ring.js';
