/**
 * Reassembles one command's paced result chunks (brief "Results"): `data` is
 * base64 of a 1024-byte slice of the UTF-8 result line, `index` from 0,
 * `count = ceil(byteLength / 1024)`, `sha256` over the whole line including its
 * prefix. Gaps, inconsistent headers, wrong slice lengths and checksum failures
 * are RESULT_ENVELOPE_MALFORMED; a missing tail just stays incomplete (the
 * caller's deadline turns that into RESULT_ENVELOPE_TIMEOUT).
 */
import { createHash } from 'node:crypto';
import { DroidproofError } from '../../contract/errors.js';
import type { ResultChunk } from './result-lines.js';

export const CHUNK_SLICE_BYTES = 1024;
/**
 * Bytes hashed per `update`: the line is contiguous, so slices are hashed in
 * batches; one call per 1 KiB slice cost more in call overhead than in hashing.
 */
const HASH_BATCH_BYTES = 64 * 1024;
/** Largest reassembled result accepted: 64 MiB. */
export const MAX_RESULT_BYTES = 64 * 1024 * 1024;

export interface ChunkProgress {
  receivedChunks: number;
  expectedChunks: number;
  receivedBytes: number;
  expectedBytes: number;
}

export type ChunkOutcome = { complete: false; progress: ChunkProgress } | { complete: true; line: string };

/** `data` is the canonical base64 of `slice`, whitespace aside (only stripped when present: the usual line has none). */
function isCanonicalBase64(slice: Buffer, data: string): boolean {
  const canonical = slice.toString('base64');
  return canonical === data || canonical === data.replace(/\s+/g, '');
}

const BASE64_DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/**
 * `isCanonicalBase64` for `data` known to hold only base64 digits and `=` (a
 * canonical chunk header), decoded to `length` bytes: then it is canonical when
 * its length is exact, `=` is only the padding, and the bits the last digit
 * carries past the data are zero. Re-encoding each slice to compare cost a
 * 1.4 KB string per chunk.
 */
function isCanonicalSpelling(data: string, length: number): boolean {
  const pad = (3 - (length % 3)) % 3;
  if (data.length !== Math.ceil(length / 3) * 4) return false;
  if (data.indexOf('=') !== (pad === 0 ? -1 : data.length - pad)) return false;
  if (pad === 0) return true;
  if (data.charCodeAt(data.length - 1) !== 0x3d) return false;
  // One byte past a group leaves 4 spare bits in its second digit; two bytes leave 2 in the third.
  const digit = BASE64_DIGITS.indexOf(data[data.length - pad - 1]);
  return digit % (pad === 2 ? 16 : 4) === 0;
}

export class ChunkAssembler {
  private header: Omit<ResultChunk, 'index' | 'data'> | undefined;
  /**
   * The whole line, allocated once from the first header (its size is capped
   * by `maxBytes`): each slice is decoded straight into place and hashed as it
   * arrives, so a 2 MB result costs no per-slice buffers and no final concat.
   */
  private line: Buffer | undefined;
  private readonly hash = createHash('sha256');
  /** Bytes of `line` already fed to `hash`. */
  private hashedBytes = 0;
  private receivedChunks = 0;
  private receivedBytes = 0;

  constructor(private readonly maxBytes: number = MAX_RESULT_BYTES) {}

  /**
   * Adds the next chunk; throws RESULT_ENVELOPE_MALFORMED when the stream of
   * chunks is inconsistent. `digitsOnly`: its data is known to hold only base64
   * digits and `=` (the canonical header form checks that).
   */
  add(chunk: ResultChunk, digitsOnly = false): ChunkOutcome {
    const header = this.checkHeader(chunk);
    this.line ??= Buffer.allocUnsafe(header.byteLength);
    const line = this.line;
    if (chunk.index < this.receivedChunks) {
      // A replay after a logcat reconnect repeats chunks already taken; identical ones are harmless.
      const start = chunk.index * CHUNK_SLICE_BYTES;
      const taken = line.subarray(start, Math.min(start + CHUNK_SLICE_BYTES, this.receivedBytes));
      if (!Buffer.from(chunk.data, 'base64').equals(taken))
        this.fail('a repeated chunk differs from the first copy', chunk);
      return { complete: false, progress: this.progress() };
    }
    if (chunk.index > this.receivedChunks) this.fail(`chunk ${this.receivedChunks} is missing`, chunk);
    const last = chunk.index === header.count - 1;
    const expectedLength = last
      ? header.byteLength - CHUNK_SLICE_BYTES * (header.count - 1)
      : CHUNK_SLICE_BYTES;
    const slice = this.decodeSlice(line, chunk.data, expectedLength);
    const canonical =
      slice !== undefined &&
      (digitsOnly ? isCanonicalSpelling(chunk.data, slice.length) : isCanonicalBase64(slice, chunk.data));
    if (!canonical) {
      const length = Buffer.from(chunk.data, 'base64').length;
      this.fail(`chunk ${chunk.index} carries ${length} bytes, expected ${expectedLength}`, chunk);
    }
    this.receivedChunks++;
    this.receivedBytes += slice.length;
    if (last || this.receivedBytes - this.hashedBytes >= HASH_BATCH_BYTES) {
      this.hash.update(line.subarray(this.hashedBytes, this.receivedBytes));
      this.hashedBytes = this.receivedBytes;
    }
    if (!last) return { complete: false, progress: this.progress() };
    if (this.hash.digest('hex') !== header.sha256.toLowerCase()) {
      this.fail('sha256 of the reassembled result does not match', chunk);
    }
    return { complete: true, line: line.toString('utf8') };
  }

  /**
   * Decodes `data` into its place in `line`; `undefined` unless it is exactly
   * `expectedLength` bytes (a longer slice must not overwrite the next one's room).
   * Data with whitespace (never written so, but accepted) takes a decoded copy.
   */
  private decodeSlice(line: Buffer, data: string, expectedLength: number): Buffer | undefined {
    const at = this.receivedBytes;
    if (Buffer.byteLength(data, 'base64') === expectedLength) {
      if (line.write(data, at, expectedLength, 'base64') !== expectedLength) return undefined;
    } else {
      const decoded = Buffer.from(data, 'base64');
      if (decoded.length !== expectedLength) return undefined;
      decoded.copy(line, at);
    }
    return line.subarray(at, at + expectedLength);
  }

  progress(): ChunkProgress {
    return {
      receivedChunks: this.receivedChunks,
      expectedChunks: this.header?.count ?? 0,
      receivedBytes: this.receivedBytes,
      expectedBytes: this.header?.byteLength ?? 0,
    };
  }

  private checkHeader(chunk: ResultChunk): Omit<ResultChunk, 'index' | 'data'> {
    if (this.header === undefined) {
      if (chunk.byteLength > this.maxBytes) {
        this.fail(`result of ${chunk.byteLength} bytes exceeds the ${this.maxBytes}-byte cap`, chunk);
      }
      if (chunk.count !== Math.ceil(chunk.byteLength / CHUNK_SLICE_BYTES)) {
        this.fail(`count ${chunk.count} does not match byteLength ${chunk.byteLength}`, chunk);
      }
      this.header = {
        commandId: chunk.commandId,
        taskId: chunk.taskId,
        count: chunk.count,
        byteLength: chunk.byteLength,
        sha256: chunk.sha256,
      };
    }
    const h = this.header;
    if (
      chunk.taskId !== h.taskId ||
      chunk.count !== h.count ||
      chunk.byteLength !== h.byteLength ||
      // The same spelling as the first chunk (always, in practice) needs no lower-cased copies.
      (chunk.sha256 !== h.sha256 && chunk.sha256.toLowerCase() !== h.sha256.toLowerCase())
    ) {
      this.fail('chunk header differs from the first chunk of this command', chunk);
    }
    if (chunk.index >= h.count) this.fail(`chunk index ${chunk.index} is outside count ${h.count}`, chunk);
    return h;
  }

  private fail(reason: string, chunk: ResultChunk): never {
    throw new DroidproofError('RESULT_ENVELOPE_MALFORMED', `Result chunks are malformed: ${reason}`, {
      commandId: chunk.commandId,
      taskId: chunk.taskId,
      reason,
      chunkIndex: chunk.index,
      ...this.progress(),
    });
  }
}
