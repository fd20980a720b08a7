/**
 * Evidence bundles: capture (never throws, never changes a verdict), the
 * manifest schema, verification, per-test bookkeeping and video, and the
 * adapters to the actuator's Device and to Vitest artifacts.
 */
export { defaultEvidenceRoot, testSlug } from './bundle-dir.js';
export { type CaptureEvidenceOptions, type CaptureResult, captureEvidence } from './capture.js';
export { type DeviceSourceOptions, deviceEvidenceSource } from './device-source.js';
export {
  type Candidate,
  type CandidateReason,
  CandidateSchema,
  type FailureReport,
  FailureReportSchema,
} from './failure.js';
export * from './manifest.js';
export {
  type EvidenceMode,
  EvidenceModeSchema,
  shouldCapture,
  type VideoMode,
  VideoModeSchema,
} from './mode.js';
export {
  EVIDENCE_ARTIFACT_TYPE,
  type EvidenceArtifact,
  evidenceAnnotation,
  evidenceArtifact,
} from './runner-artifact.js';
export type { EvidenceSource, HierarchyCapture, TimelineEntry } from './source.js';
export { TestEvidence, type TestEvidenceOptions, type TestIdentity } from './test-evidence.js';
export {
  type CapturedScreen,
  type TraceCapture,
  type TraceFile,
  TraceFileSchema,
  type TraceMode,
  TraceModeSchema,
  type TraceStep,
  traceRecords,
  traceRetained,
} from './trace.js';
export { type BundleVerification, verifyBundle } from './verify.js';
export { addVideoToBundle, type RecordedVideo } from './video/bundle-video.js';
export { inspectVideo, type VideoFormat, videoFormat } from './video/container.js';
export {
  DEFAULT_SEGMENT_SECONDS,
  type ScreenRecorderOptions,
  ScreenRecording,
  VideoDependencyError,
} from './video/screen-recorder.js';
export { TestVideo } from './video/test-video.js';
