/**
 * Adds a test attempt's screen recording to its bundle: each clip under the
 * seed's names (`video.<ext>`, `video-0002.<ext>`, ...) with its SHA-256 and
 * what the host verified of it, recording errors in `errors`, and the
 * manifest rewritten atomically with the bundle's status brought up to date.
 * A clip that does not verify is kept as `video[-000n].partial.<ext|bin>`.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../atomic-file.js';
import { BundleWriter, errorOf } from '../bundle-writer.js';
import { type CaptureResult, json, overallStatus } from '../capture.js';
import { BUNDLE_FILES, BundleManifestSchema } from '../manifest.js';
import { inspectVideo, videoFormat } from './container.js';

export interface RecordedVideo {
  /** The clips' bytes in recording order. */
  clips: readonly Buffer[];
  /** What went wrong while recording, starting or pulling. */
  errors: readonly unknown[];
  /** When recording started (ms since epoch). */
  startedMs: number;
}

/** `video`, `video-0002`, `video-0003`, ... */
export function clipName(index: number): string {
  return index === 0 ? 'video' : `video-${String(index + 1).padStart(4, '0')}`;
}

async function writeClip(w: BundleWriter, clip: Buffer, index: number, startedMs: number): Promise<void> {
  try {
    const { extension, mimeType, ...video } = inspectVideo(clip);
    await w.write('video', `${clipName(index)}.${extension}`, mimeType, clip, startedMs, { video });
  } catch (error) {
    const invalid = errorOf(error, 'validate', 'video');
    let format: { extension: string; mimeType: string } = {
      extension: 'bin',
      mimeType: 'application/octet-stream',
    };
    try {
      format = videoFormat(clip);
    } catch {}
    if (clip.byteLength === 0) w.fail('video', format.mimeType, startedMs, invalid);
    else
      await w.write(
        'video',
        `${clipName(index)}.partial.${format.extension}`,
        format.mimeType,
        clip,
        startedMs,
        {
          status: 'partial',
          error: invalid,
        },
      );
  }
}

/** The bundle with the video added; the bundle unchanged when it has no manifest to add to. */
export async function addVideoToBundle(bundle: CaptureResult, video: RecordedVideo): Promise<CaptureResult> {
  if (!bundle.dir || !bundle.manifestPath) return bundle;
  const manifest = BundleManifestSchema.parse(JSON.parse(await readFile(bundle.manifestPath, 'utf8')));
  const w = new BundleWriter(bundle.dir, [...manifest.artifacts], [...manifest.errors]);
  for (const [index, clip] of video.clips.entries()) await writeClip(w, clip, index, video.startedMs);
  for (const error of video.errors) w.errors.push(errorOf(error, 'video', 'video'));
  const status = overallStatus(w);
  await writeFileAtomic(
    join(bundle.dir, BUNDLE_FILES.manifest),
    json({
      ...manifest,
      finishedAt: new Date().toISOString(),
      status,
      artifacts: w.artifacts,
      errors: w.errors,
    }),
  );
  return { ...bundle, ok: status === 'complete', status, artifacts: w.artifacts, errors: w.errors };
}
