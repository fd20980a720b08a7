/**
 * How a captured bundle is attached to a Vitest test: a custom artifact for
 * `recordArtifact(task, ...)` (read by droidproof's reporter) and an annotation
 * for `context.annotate(...)` (shown by Vitest's own reporters, screenshot inline).
 */
import { join } from 'node:path';
import type { TestArtifactBase, TestAttachment } from 'vitest';
import type { CaptureResult } from './capture.js';
import { BUNDLE_FILES } from './manifest.js';

export const EVIDENCE_ARTIFACT_TYPE = 'droidproof:evidence';

export interface EvidenceArtifact extends TestArtifactBase {
  type: typeof EVIDENCE_ARTIFACT_TYPE;
  /** Absolute path of the bundle's manifest.json. */
  manifestPath: string;
  status: CaptureResult['status'];
}

declare module 'vitest' {
  interface TestArtifactRegistry {
    'droidproof:evidence': EvidenceArtifact;
  }
}

function screenshotAttachment(result: CaptureResult): TestAttachment | undefined {
  const shot =
    result.artifacts.find((a) => a.kind === 'annotated_screenshot' && a.status === 'complete') ??
    result.artifacts.find((a) => a.kind === 'screenshot' && a.status === 'complete');
  return shot?.path && result.dir
    ? { path: join(result.dir, shot.path), contentType: 'image/png' }
    : undefined;
}

/** The bundle's complete video clips, in recording order. */
function videoAttachments(result: CaptureResult): TestAttachment[] {
  const dir = result.dir;
  if (!dir) return [];
  return result.artifacts.flatMap((a) =>
    a.kind === 'video' && a.status === 'complete' && a.path
      ? [{ path: join(dir, a.path), contentType: a.mimeType }]
      : [],
  );
}

/** The artifact to record for a bundle (screenshot and video clips attached), or undefined when no manifest was written. */
export function evidenceArtifact(result: CaptureResult): EvidenceArtifact | undefined {
  if (!result.manifestPath) return undefined;
  const attachment = screenshotAttachment(result);
  return {
    type: EVIDENCE_ARTIFACT_TYPE,
    manifestPath: result.manifestPath,
    status: result.status,
    attachments: [...(attachment ? [attachment] : []), ...videoAttachments(result)],
  };
}

/** Message and attachment for `context.annotate(message, 'droidproof:evidence', attachment)`. */
export function evidenceAnnotation(result: CaptureResult): { message: string; attachment?: TestAttachment } {
  const where = result.dir ? join(result.dir, BUNDLE_FILES.manifest) : 'not written';
  return { message: `evidence (${result.status}): ${where}`, attachment: screenshotAttachment(result) };
}
