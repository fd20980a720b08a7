/** Writes the files of one bundle directory and collects their manifest entries and errors. */
import { join } from 'node:path';
import { DroidproofError } from '../contract/errors.js';
import { writeFileAtomic } from './atomic-file.js';
import { messageOf } from './error-message.js';
import type { ArtifactEntry, ArtifactKind, EvidenceError } from './manifest.js';

export function iso(ms: number): string {
  return new Date(ms).toISOString();
}

export function errorOf(error: unknown, stage: string, component: string | null): EvidenceError {
  const code = error instanceof DroidproofError ? error.code : 'EVIDENCE_CAPTURE_FAILED';
  return { code, stage, message: messageOf(error), component };
}

/** Collects artifact entries and errors for one bundle directory (a new one, or one being added to). */
export class BundleWriter {
  constructor(
    readonly dir: string,
    readonly artifacts: ArtifactEntry[] = [],
    readonly errors: EvidenceError[] = [],
  ) {}

  fail(kind: ArtifactKind, mimeType: string, startedMs: number, error: EvidenceError): void {
    this.errors.push(error);
    const finished = Date.now();
    this.artifacts.push({
      kind,
      path: null,
      mimeType,
      status: 'failed',
      bytes: null,
      sha256: null,
      startedAt: iso(startedMs),
      finishedAt: iso(finished),
      durationMs: finished - startedMs,
      error,
    });
  }

  /** Writes one file atomically and records it; a write failure is recorded, not thrown. */
  async write(
    kind: ArtifactKind,
    file: string,
    mimeType: string,
    data: Uint8Array | string,
    startedMs: number,
    extra: Partial<ArtifactEntry> = {},
  ): Promise<boolean> {
    try {
      const written = await writeFileAtomic(join(this.dir, file), data);
      const finished = Date.now();
      if (extra.error) this.errors.push(extra.error);
      this.artifacts.push({
        kind,
        path: file,
        mimeType,
        status: 'complete',
        startedAt: iso(startedMs),
        finishedAt: iso(finished),
        durationMs: finished - startedMs,
        ...extra,
        ...written,
      });
      return true;
    } catch (error) {
      this.fail(kind, mimeType, startedMs, errorOf(error, 'persist', kind));
      return false;
    }
  }
}
