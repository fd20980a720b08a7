/**
 * The result line encoder (BRIEF "Results"). Pure: envelope in, logcat message
 * lines out. The host reassembler (actuator) and the Kotlin Operator core
 * implement the inverse and the same encoding; docs/virtual-operator.md
 * documents the format and conformance/executions/README.md the vectors.
 *
 * - The envelope line is `<resultPrefix> <JSON.stringify(envelope)>`.
 * - When its UTF-8 encoding is at most `RESULT_LINE_MAX_BYTES`, or the dialect
 *   never chunks (`chunkPrefix: null`, the released Clawperator app), it is logged as is.
 * - Otherwise it is cut into `CHUNK_SLICE_BYTES` byte slices (a slice may split
 *   a multi-byte character: reassembly works on bytes), each logged as
 *   `<chunkPrefix> {"commandId","taskId","index","count","byteLength","sha256","data"}`
 *   with keys in exactly that order, `index` from 0, `count = ceil(byteLength / 1024)`,
 *   `byteLength` the UTF-8 length of the whole line, `sha256` the lower-case hex
 *   digest of the whole line (prefix included) and `data` the base64 of the slice.
 */
import { createHash } from 'node:crypto';
import type { OperatorDialect } from '../../contract/dialect.js';

/** A result line longer than this many UTF-8 bytes travels as chunks. */
export const RESULT_LINE_MAX_BYTES = 3000;
/** Bytes of the original line carried by one chunk. */
export const CHUNK_SLICE_BYTES = 1024;

/** The JSON object after the chunk prefix, in wire key order. */
export interface ResultChunk {
  commandId: string;
  taskId: string;
  index: number;
  count: number;
  byteLength: number;
  sha256: string;
  data: string;
}

/** The single result line for an envelope (before any chunking). */
export function resultLine(envelope: unknown, dialect: OperatorDialect): string {
  return `${dialect.resultPrefix} ${JSON.stringify(envelope)}`;
}

/** Splits one result line into its chunk objects. */
export function chunkResultLine(line: string, ids: { commandId: string; taskId: string }): ResultChunk[] {
  const bytes = Buffer.from(line, 'utf8');
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const count = Math.ceil(bytes.length / CHUNK_SLICE_BYTES);
  const chunks: ResultChunk[] = [];
  for (let index = 0; index < count; index++) {
    const slice = bytes.subarray(index * CHUNK_SLICE_BYTES, (index + 1) * CHUNK_SLICE_BYTES);
    chunks.push({
      commandId: ids.commandId,
      taskId: ids.taskId,
      index,
      count,
      byteLength: bytes.length,
      sha256,
      data: slice.toString('base64'),
    });
  }
  return chunks;
}

/**
 * Formats one chunk as its logcat message: exactly `JSON.stringify(chunk)`,
 * built by hand because only the ids can need escaping (numbers, hex and
 * base64 never do), which makes the dozens of lines of a snapshot cheap.
 */
export function chunkLine(chunk: ResultChunk, chunkPrefix: string): string {
  const { commandId, taskId, index, count, byteLength, sha256, data } = chunk;
  return `${chunkPrefix} {"commandId":${JSON.stringify(commandId)},"taskId":${JSON.stringify(taskId)},"index":${index},"count":${count},"byteLength":${byteLength},"sha256":"${sha256}","data":"${data}"}`;
}

/**
 * The logcat messages that carry one envelope: one result line, or the chunk
 * lines when the result line exceeds `RESULT_LINE_MAX_BYTES`.
 */
export function encodeResultMessages(
  envelope: { commandId: string; taskId: string },
  dialect: OperatorDialect,
): string[] {
  const line = resultLine(envelope, dialect);
  const { chunkPrefix } = dialect;
  if (chunkPrefix === null || Buffer.byteLength(line, 'utf8') <= RESULT_LINE_MAX_BYTES) return [line];
  return chunkResultLine(line, envelope).map((chunk) => chunkLine(chunk, chunkPrefix));
}
