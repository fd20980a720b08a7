/**
 * A small animated-PNG (APNG) writer for the virtual device's `screenrecord`.
 * Frames are PNG image streams as they are (the zlib data of a PNG's IDAT
 * chunks), so a frame the renderer already encoded costs nothing to keep:
 * every frame must share the first one's header (size, bit depth, colour
 * type). Chromium plays APNG in `<img>`; an MP4 would need an H.264 encoder.
 */
import { PNG_SIGNATURE, pngChunk, readPngChunks } from '../../../contract/media/png-chunks.js';

export interface PngImage {
  /** The 13-byte IHDR data: width, height, bit depth, colour type, compression, filter, interlace. */
  header: Buffer;
  /** The concatenated IDAT data: one zlib stream of filtered scanlines. */
  data: Buffer;
}

export interface ApngFrame extends PngImage {
  /** How long the frame shows, in ms (APNG stores it as a fraction of a second). */
  delayMs: number;
}

/** A still PNG's header and image data. */
export function pngImage(png: Buffer): PngImage {
  const chunks = readPngChunks(png);
  const header = chunks.find((c) => c.type === 'IHDR')?.data;
  if (!header) throw new RangeError('PNG without IHDR');
  return { header, data: Buffer.concat(chunks.filter((c) => c.type === 'IDAT').map((c) => c.data)) };
}

function u32(...values: number[]): Buffer {
  const out = Buffer.alloc(values.length * 4);
  for (const [i, v] of values.entries()) out.writeUInt32BE(v, i * 4);
  return out;
}

/** fcTL: full-canvas frame, no disposal, source blending; the delay in ms, or in cs past 65.5 s (u16 fields). */
function frameControl(sequence: number, width: number, height: number, delayMs: number): Buffer {
  const ms = Math.max(1, Math.round(delayMs));
  const [numerator, denominator] = ms <= 0xffff ? [ms, 1000] : [Math.min(0xffff, Math.round(ms / 10)), 100];
  const delay = Buffer.alloc(4);
  delay.writeUInt16BE(numerator, 0);
  delay.writeUInt16BE(denominator, 2);
  return pngChunk('fcTL', Buffer.concat([u32(sequence, width, height, 0, 0), delay, Buffer.from([0, 0])]));
}

/** The whole APNG file; the first frame is also the default image that still-PNG readers show. */
export function encodeApng(frames: readonly ApngFrame[]): Buffer {
  const first = frames[0];
  if (!first) throw new RangeError('an animated PNG needs at least one frame');
  if (frames.some((frame) => !frame.header.equals(first.header)))
    throw new RangeError('every frame of an animated PNG needs the first frame`s header');
  const width = first.header.readUInt32BE(0);
  const height = first.header.readUInt32BE(4);
  const parts = [PNG_SIGNATURE, pngChunk('IHDR', first.header), pngChunk('acTL', u32(frames.length, 0))];
  let sequence = 0;
  for (const [index, frame] of frames.entries()) {
    parts.push(frameControl(sequence++, width, height, frame.delayMs));
    parts.push(
      index === 0
        ? pngChunk('IDAT', frame.data)
        : pngChunk('fdAT', Buffer.concat([u32(sequence++), frame.data])),
    );
  }
  parts.push(pngChunk('IEND', Buffer.alloc(0)));
  return Buffer.concat(parts);
}
