/**
 * One evidence bundle of a test attempt on one device, written where the
 * reporters look. A multi-device attempt writes one per device of its set.
 */
import { type CaptureResult, captureEvidence } from '../../evidence/capture.js';
import { deviceEvidenceSource } from '../../evidence/device-source.js';
import type { FailureReport } from '../../evidence/failure.js';
import { traceRetained } from '../../evidence/trace.js';
import type { WorkerRuntime } from '../options.js';
import type { TestDevice } from './test-device.js';

/** The device a bundle is taken from, and the worker it ran in. */
export interface EvidenceHost {
  readonly label: string;
  readonly serial: string;
  readonly operatorVersion: string | undefined;
  readonly runtime: WorkerRuntime;
  readonly device: TestDevice;
}

/** The attempt a bundle belongs to, in the names the reporters join bundles on. */
export interface AttemptRecord {
  /** Full test name: Vitest `fullTestName`, Jest `fullName`. */
  name: string;
  /** Absolute test file path. */
  path: string;
  /** 1-based attempt (retries count up). */
  attempt: number;
  startedAtMs: number;
}

export interface AttemptOutcome {
  verdict: 'passed' | 'failed';
  message?: string;
  failure?: FailureReport;
}

export function captureTestEvidence(
  host: EvidenceHost,
  attempt: AttemptRecord,
  outcome: AttemptOutcome,
): Promise<CaptureResult> {
  return captureEvidence({
    source: deviceEvidenceSource(host.device, { operatorVersion: host.operatorVersion }),
    root: host.runtime.bundlesDir,
    label: `${attempt.name} on ${host.serial}`,
    applicationId: host.runtime.app?.applicationId,
    failure: outcome.failure,
    traceMode: traceRetained(host.runtime.traceMode, attempt.attempt, outcome.verdict)
      ? host.runtime.traceMode
      : undefined,
    context: {
      testName: attempt.name,
      testPath: attempt.path,
      attempt: attempt.attempt,
      originalVerdict: outcome.verdict,
      failureMessage: outcome.message,
      testStartedAtMs: attempt.startedAtMs,
      deviceSerial: host.serial,
      worker: host.label,
    },
  });
}
