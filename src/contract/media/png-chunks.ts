/**
 * PNG chunk framing (length, type, data, CRC-32), shared by the virtual
 * device's animated-PNG writer and the host's video inspection. Pure.
 */
import { DroidproofError } from '../errors.js';

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 (ISO 3309) as PNG uses it; Node 20's zlib has no `crc32`. */
export function crc32(...parts: Uint8Array[]): number {
  let c = 0xffffffff;
  for (const part of parts) for (const byte of part) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** One framed chunk: length, type, data, CRC over type and data. */
export function pngChunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.byteLength, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(head.subarray(4), data), 0);
  return Buffer.concat([head, data, crc]);
}

export interface PngChunk {
  type: string;
  data: Buffer;
}

/** A byte string that is not a well-formed PNG chunk stream: EVIDENCE_CAPTURE_FAILED (the reader serves evidence). */
export class PngFormatError extends DroidproofError {
  constructor(message: string) {
    super('EVIDENCE_CAPTURE_FAILED', `not a well-formed PNG: ${message}`);
  }
}

/** The chunks after the signature, each CRC-checked; stops after IEND. */
export function readPngChunks(bytes: Buffer): PngChunk[] {
  if (bytes.byteLength < 8 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE))
    throw new PngFormatError('no PNG signature');
  const chunks: PngChunk[] = [];
  let at = 8;
  while (at < bytes.byteLength) {
    if (at + 12 > bytes.byteLength) throw new PngFormatError(`chunk header cut at byte ${at}`);
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    const end = at + 12 + length;
    if (end > bytes.byteLength) throw new PngFormatError(`${type} chunk cut at byte ${bytes.byteLength}`);
    const data = bytes.subarray(at + 8, at + 8 + length);
    if (crc32(bytes.subarray(at + 4, at + 8), data) !== bytes.readUInt32BE(at + 8 + length))
      throw new PngFormatError(`${type} chunk at byte ${at} fails its CRC`);
    chunks.push({ type, data });
    at = end;
    if (type === 'IEND') return chunks;
  }
  throw new PngFormatError('no IEND chunk: the file is cut');
}
