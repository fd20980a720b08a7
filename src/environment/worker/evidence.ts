/** One evidence bundle for a test attempt, written where the reporters look. */
import { type CaptureResult, captureEvidence } from '../../evidence/capture.js';
import { deviceEvidenceSource } from '../../evidence/device-source.js';
import type { FailureReport } from '../../evidence/failure.js';
import { traceRetained } from '../../evidence/trace.js';
import type { TestAttempt, WorkerSession } from './session.js';

export function captureTestEvidence(
  session: WorkerSession,
  attempt: TestAttempt,
  outcome: { verdict: 'passed' | 'failed'; message?: string; failure?: FailureReport },
): Promise<CaptureResult> {
  return captureEvidence({
    source: deviceEvidenceSource(session.device, { operatorVersion: session.operatorVersion }),
    root: session.runtime.bundlesDir,
    label: `${attempt.name} on ${session.serial}`,
    applicationId: session.runtime.app?.applicationId,
    failure: outcome.failure,
    traceMode: traceRetained(session.runtime.traceMode, attempt.attempt, outcome.verdict)
      ? session.runtime.traceMode
      : undefined,
    context: {
      testName: attempt.name,
      testPath: attempt.path,
      attempt: attempt.attempt,
      originalVerdict: outcome.verdict,
      failureMessage: outcome.message,
      testStartedAtMs: attempt.startedAtMs,
      deviceSerial: session.serial,
      worker: session.label,
    },
  });
}
