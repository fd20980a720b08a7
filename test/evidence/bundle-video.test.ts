/**
 * Adding a recording to a captured bundle: clips under the seed's names in
 * order with their SHA-256 and verified geometry, an unplayable clip kept as
 * partial, recording errors in the manifest, the manifest rewritten so the
 * bundle still verifies.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { captureEvidence } from '../../src/evidence/capture.js';
import { verifyBundle } from '../../src/evidence/verify.js';
import { addVideoToBundle } from '../../src/evidence/video/bundle-video.js';
import { VideoDependencyError } from '../../src/evidence/video/screen-recorder.js';
import { encodeApng, pngImage } from '../../src/virtual-device/android/render/apng.js';
import { makePng, memorySource, tempRoot } from './fixtures.js';

async function bundle() {
  const png = await makePng(80, 160);
  return captureEvidence({
    source: memorySource(png),
    root: await tempRoot(),
    context: { testName: 'films', attempt: 1, originalVerdict: 'failed' },
  });
}

describe('addVideoToBundle', () => {
  it('names the clips video.apng, video-0002.apng, hashes and verifies them, and keeps the bundle verifiable', async () => {
    const captured = await bundle();
    expect(captured.status).toBe('complete');
    const frame = pngImage(await makePng(80, 160));
    const clip = encodeApng([
      { ...frame, delayMs: 100 },
      { ...frame, delayMs: 200 },
    ]);
    const result = await addVideoToBundle(captured, {
      clips: [clip, clip],
      errors: [],
      startedMs: Date.now(),
    });
    expect(result.status).toBe('complete');
    const videos = result.artifacts.filter((a) => a.kind === 'video');
    expect(videos.map((v) => [v.path, v.mimeType, v.status])).toEqual([
      ['video.apng', 'image/apng', 'complete'],
      ['video-0002.apng', 'image/apng', 'complete'],
    ]);
    expect(videos[0]!.video).toEqual({
      container: 'apng',
      width: 80,
      height: 160,
      frames: 2,
      durationMs: 300,
    });
    expect(videos[1]!.sha256).toBe(createHash('sha256').update(clip).digest('hex'));
    expect(await verifyBundle(captured.dir!)).toMatchObject({ ok: true, problems: [] });
    const manifest = JSON.parse(await readFile(captured.manifestPath!, 'utf8'));
    expect(manifest.artifacts.filter((a: { kind: string }) => a.kind === 'video')).toHaveLength(2);
  });

  it('keeps an unfinished MP4 as a partial clip and records the recording errors: the bundle is partial', async () => {
    const captured = await bundle();
    const unfinished = Buffer.concat([Buffer.from([0, 0, 0, 16]), Buffer.from('ftypisom\0\0\0\0', 'latin1')]);
    const result = await addVideoToBundle(captured, {
      clips: [unfinished, Buffer.alloc(0)],
      errors: [new VideoDependencyError('unavailable', 'ERROR: unable to create encoder')],
      startedMs: Date.now(),
    });
    expect(result.status).toBe('partial');
    const videos = result.artifacts.filter((a) => a.kind === 'video');
    expect(videos.map((v) => [v.path, v.status])).toEqual([
      ['video.partial.mp4', 'partial'],
      [null, 'failed'],
    ]);
    expect(videos[0]!.error?.message).toMatch(/no moov box/);
    expect(result.errors.map((e) => [e.code, e.stage])).toContainEqual(['HOST_DEPENDENCY_MISSING', 'video']);
    expect(await readFile(join(captured.dir!, 'video.partial.mp4'))).toEqual(unfinished);
    expect(await verifyBundle(captured.dir!)).toMatchObject({ ok: true });
  });
});
