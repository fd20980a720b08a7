/**
 * A small animated-PNG (APNG) writer for the virtual device's `screenrecord`:
 * each frame is 8-bit RGB, deflated once when it is captured (so a recording
 * holds compressed frames only), and the file is assembled when it stops.
 * Chromium plays APNG in `<img>`; an MP4 would need an H.264 encoder.
 */
import { deflateSync } from 'node:zlib';
import { PNG_SIGNATURE, pngChunk } from '../../../contract/media/png-chunks.js';

export interface ApngFrame {
  /** The zlib stream of the frame's filtered scanlines (`deflateFrame`). */
  deflated: Buffer;
  /** How long the frame shows, in ms (APNG stores it as a fraction of a second). */
  delayMs: number;
}

/** Deflates raw 8-bit RGB pixels as PNG scanlines, each with filter type 0 (none). */
export function deflateFrame(rgb: Buffer, width: number, height: number): Buffer {
  const stride = width * 3;
  if (rgb.byteLength !== stride * height)
    throw new RangeError(
      `frame has ${rgb.byteLength} bytes, ${width}x${height} RGB needs ${stride * height}`,
    );
  const lines = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) rgb.copy(lines, y * (stride + 1) + 1, y * stride, (y + 1) * stride);
  return deflateSync(lines, { level: 6 });
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
export function encodeApng(width: number, height: number, frames: readonly ApngFrame[]): Buffer {
  if (frames.length === 0) throw new RangeError('an animated PNG needs at least one frame');
  const header = Buffer.concat([u32(width, height), Buffer.from([8, 2, 0, 0, 0])]);
  const parts = [PNG_SIGNATURE, pngChunk('IHDR', header), pngChunk('acTL', u32(frames.length, 0))];
  let sequence = 0;
  frames.forEach((frame, index) => {
    parts.push(frameControl(sequence++, width, height, frame.delayMs));
    parts.push(
      index === 0
        ? pngChunk('IDAT', frame.deflated)
        : pngChunk('fdAT', Buffer.concat([u32(sequence++), frame.deflated])),
    );
  });
  parts.push(pngChunk('IEND', Buffer.alloc(0)));
  return Buffer.concat(parts);
}
