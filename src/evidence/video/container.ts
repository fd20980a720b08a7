/**
 * What a pulled recording is, from its bytes: a real phone's `screenrecord`
 * writes H.264 MP4; the virtual device writes an animated PNG under the same
 * `.mp4` device path. The container decides the bundle file's extension and
 * MIME type, and how far the host can check it: an APNG is decoded frame by
 * frame (every chunk's CRC, every frame inflated to its exact size); an MP4
 * must be finalized (`moov` present, which a recorder killed without SIGINT
 * never writes) and its track size and duration are read from the boxes.
 */
import { inflateSync } from 'node:zlib';
import { DroidproofError } from '../../contract/errors.js';
import { PNG_SIGNATURE, type PngChunk, readPngChunks } from '../../contract/media/png-chunks.js';
import { messageOf } from '../error-message.js';
import type { VideoInfo } from '../manifest.js';

export interface VideoFormat {
  container: 'mp4' | 'apng';
  extension: 'mp4' | 'apng';
  mimeType: 'video/mp4' | 'image/apng';
}

const MP4: VideoFormat = { container: 'mp4', extension: 'mp4', mimeType: 'video/mp4' };
const APNG: VideoFormat = { container: 'apng', extension: 'apng', mimeType: 'image/apng' };

function unreadable(message: string): DroidproofError {
  return new DroidproofError('EVIDENCE_CAPTURE_FAILED', `recording is not a playable video: ${message}`);
}

/** The container by magic bytes: `ftyp` at offset 4 (ISO BMFF), or a PNG signature. */
export function videoFormat(bytes: Buffer): VideoFormat {
  if (bytes.byteLength >= 12 && bytes.toString('latin1', 4, 8) === 'ftyp') return MP4;
  if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return APNG;
  if (bytes.byteLength === 0) throw unreadable('the file is empty (the recorder did not finish it)');
  throw unreadable(`unknown container (first bytes ${bytes.subarray(0, 8).toString('hex')})`);
}

/** Checks the whole file and reads its geometry; throws EVIDENCE_CAPTURE_FAILED when it would not play. */
export function inspectVideo(bytes: Buffer): VideoFormat & VideoInfo {
  const format = videoFormat(bytes);
  try {
    return { ...format, ...(format.container === 'apng' ? inspectApng(bytes) : inspectMp4(bytes)) };
  } catch (error) {
    throw error instanceof DroidproofError ? error : unreadable(messageOf(error));
  }
}

/** Bytes per pixel of 8-bit PNG colour types (grey, RGB, palette, grey+alpha, RGBA). */
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

function inspectApng(bytes: Buffer) {
  const chunks = readPngChunks(bytes);
  const ihdr = chunks[0]?.type === 'IHDR' ? chunks[0].data : undefined;
  const actl = chunks.find((c) => c.type === 'acTL');
  if (!ihdr || !actl) throw unreadable('a PNG without an animation control chunk is a still image');
  const width = ihdr.readUInt32BE(0);
  const height = ihdr.readUInt32BE(4);
  const channels = CHANNELS[ihdr[9]!];
  if (ihdr[8] !== 8 || channels === undefined || ihdr[12] !== 0)
    throw unreadable('only 8-bit, non-interlaced animated PNGs are read');
  const frames = apngFrames(chunks);
  if (frames.length !== actl.data.readUInt32BE(0))
    throw unreadable(`acTL announces ${actl.data.readUInt32BE(0)} frames, the file holds ${frames.length}`);
  let durationMs = 0;
  for (const frame of frames) {
    const expected = (frame.width * channels + 1) * frame.height;
    const inflated = inflateSync(Buffer.concat(frame.data));
    if (inflated.byteLength !== expected)
      throw unreadable(
        `a ${frame.width}x${frame.height} frame inflates to ${inflated.byteLength} bytes, not ${expected}`,
      );
    durationMs += frame.delayMs;
  }
  return { width, height, frames: frames.length, durationMs: Math.round(durationMs) };
}

interface ApngFrameData {
  width: number;
  height: number;
  delayMs: number;
  data: Buffer[];
}

/** Frames in file order: each fcTL and the IDAT or fdAT chunks after it (fdAT data after its sequence number). */
function apngFrames(chunks: readonly PngChunk[]): ApngFrameData[] {
  const frames: ApngFrameData[] = [];
  for (const { type, data } of chunks) {
    if (type === 'fcTL') {
      const denominator = data.readUInt16BE(22) || 100;
      frames.push({
        width: data.readUInt32BE(4),
        height: data.readUInt32BE(8),
        delayMs: (data.readUInt16BE(20) * 1000) / denominator,
        data: [],
      });
    } else if ((type === 'IDAT' || type === 'fdAT') && frames.length > 0) {
      frames[frames.length - 1]!.data.push(type === 'IDAT' ? data : data.subarray(4));
    }
  }
  const empty = frames.findIndex((frame) => frame.data.length === 0);
  if (empty >= 0) throw unreadable(`frame ${empty + 1} has no image data`);
  return frames;
}

interface Box {
  type: string;
  body: Buffer;
}

/** ISO BMFF boxes of one level (32- and 64-bit sizes; size 0 runs to the end). */
function boxes(data: Buffer): Box[] {
  const found: Box[] = [];
  let at = 0;
  while (at + 8 <= data.byteLength) {
    let size = data.readUInt32BE(at);
    let header = 8;
    if (size === 1) {
      size = Number(data.readBigUInt64BE(at + 8));
      header = 16;
    } else if (size === 0) size = data.byteLength - at;
    if (size < header || at + size > data.byteLength)
      throw unreadable(`box ${data.toString('latin1', at + 4, at + 8)} is cut`);
    found.push({
      type: data.toString('latin1', at + 4, at + 8),
      body: data.subarray(at + header, at + size),
    });
    at += size;
  }
  return found;
}

function inspectMp4(bytes: Buffer) {
  const moov = boxes(bytes).find((b) => b.type === 'moov');
  if (!moov) throw unreadable('the MP4 has no moov box: the recorder was not stopped with SIGINT');
  const inner = boxes(moov.body);
  const mvhd = inner.find((b) => b.type === 'mvhd')?.body;
  const v1 = mvhd?.[0] === 1;
  const timescale = mvhd ? mvhd.readUInt32BE(v1 ? 20 : 12) : 0;
  const duration = mvhd ? (v1 ? Number(mvhd.readBigUInt64BE(24)) : mvhd.readUInt32BE(16)) : 0;
  // tkhd ends with width and height as 16.16 fixed point; the video track is the one with a size.
  const size = inner
    .filter((b) => b.type === 'trak')
    .map((trak) => boxes(trak.body).find((b) => b.type === 'tkhd')?.body)
    .map((tkhd) =>
      tkhd
        ? {
            width: tkhd.readUInt32BE(tkhd.byteLength - 8) >>> 16,
            height: tkhd.readUInt32BE(tkhd.byteLength - 4) >>> 16,
          }
        : undefined,
    )
    .find((s) => s && s.width > 0 && s.height > 0);
  if (!size) throw unreadable('the MP4 has no video track');
  return {
    ...size,
    frames: null,
    durationMs: timescale > 0 ? Math.round((duration * 1000) / timescale) : null,
  };
}
