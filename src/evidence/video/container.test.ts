import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encodeApng } from '../../virtual-device/android/render/apng.js';
import { inspectVideo, videoFormat } from './container.js';

function box(type: string, ...body: Buffer[]): Buffer {
  const content = Buffer.concat(body);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(content.byteLength + 8, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, content]);
}

/** An MP4 skeleton: ftyp, and (when finished) moov with a 1.5 s mvhd and a 720x1280 track header. */
function mp4(finished: boolean): Buffer {
  const ftyp = box('ftyp', Buffer.from('isom\0\0\0\0isomavc1', 'latin1'));
  const mvhd = Buffer.alloc(100);
  mvhd.writeUInt32BE(1000, 12);
  mvhd.writeUInt32BE(1500, 16);
  const tkhd = Buffer.alloc(84);
  tkhd.writeUInt32BE(720 << 16, 76);
  tkhd.writeUInt32BE(1280 << 16, 80);
  const mdat = box('mdat', Buffer.alloc(64));
  return Buffer.concat([
    ftyp,
    mdat,
    ...(finished ? [box('moov', box('mvhd', mvhd), box('trak', box('tkhd', tkhd)))] : []),
  ]);
}

/** A 4x2 RGB animation of two flat frames: black for 250 ms, white for 70 s. */
function apng(): Buffer {
  const header = Buffer.from([0, 0, 0, 4, 0, 0, 0, 2, 8, 2, 0, 0, 0]);
  // Two scanlines, each a filter byte (0) and 4 RGB pixels.
  const frame = (value: number) =>
    deflateSync(Buffer.concat([0, 1].map(() => Buffer.from([0, ...Array(12).fill(value)]))));
  return encodeApng([
    { header, data: frame(0), delayMs: 250 },
    { header, data: frame(255), delayMs: 70_000 },
  ]);
}

describe('video containers', () => {
  it('tells MP4 from animated PNG by magic bytes, whatever the device file was called', () => {
    expect(videoFormat(mp4(true))).toEqual({ container: 'mp4', extension: 'mp4', mimeType: 'video/mp4' });
    expect(videoFormat(apng())).toEqual({ container: 'apng', extension: 'apng', mimeType: 'image/apng' });
    expect(() => videoFormat(Buffer.alloc(0))).toThrow(/empty/);
    expect(() => videoFormat(Buffer.from('not a video at all'))).toThrow(/unknown container/);
  });

  it('decodes every APNG frame and sums the delays (ms, and centiseconds past 65.5 s)', () => {
    expect(inspectVideo(apng())).toEqual({
      container: 'apng',
      extension: 'apng',
      mimeType: 'image/apng',
      width: 4,
      height: 2,
      frames: 2,
      durationMs: 70_250,
    });
    const corrupt = apng();
    corrupt[corrupt.byteLength - 20] ^= 0xff;
    expect(() => inspectVideo(corrupt)).toThrow(expect.objectContaining({ code: 'EVIDENCE_CAPTURE_FAILED' }));
    expect(() => inspectVideo(apng().subarray(0, 60))).toThrow(/cut/);
  });

  it('reads a finished MP4`s track size and duration; an MP4 without moov was never finished', () => {
    expect(inspectVideo(mp4(true))).toMatchObject({
      width: 720,
      height: 1280,
      frames: null,
      durationMs: 1500,
    });
    expect(() => inspectVideo(mp4(false))).toThrow(/no moov box/);
  });
});
