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
import { joinBytes } from '../bytes.js';

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
  return `${lineHead(dialect)}${JSON.stringify(envelope)}`;
}

/** What precedes the envelope JSON on its result line. */
function lineHead(dialect: OperatorDialect): string {
  return `${dialect.resultPrefix} `;
}

/** Splits one result line into its chunk objects. */
export function chunkResultLine(line: string, ids: { commandId: string; taskId: string }): ResultChunk[] {
  const bytes = Buffer.from(line, 'utf8');
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  return sliceData(bytes).map((data, index, all) => ({
    commandId: ids.commandId,
    taskId: ids.taskId,
    index,
    count: all.length,
    byteLength: bytes.length,
    sha256,
    data,
  }));
}

/** The base64 of each `CHUNK_SLICE_BYTES` slice of a line, in order. */
function sliceData(bytes: Buffer): string[] {
  const data: string[] = new Array(Math.ceil(bytes.length / CHUNK_SLICE_BYTES));
  for (let index = 0; index < data.length; index++)
    data[index] = bytes
      .subarray(index * CHUNK_SLICE_BYTES, (index + 1) * CHUNK_SLICE_BYTES)
      .toString('base64');
  return data;
}

/**
 * Formats the chunk lines of one result line: each is exactly
 * `JSON.stringify(chunk)`, built by hand because only the ids can need
 * escaping (numbers, hex and base64 never do), and everything but `index`
 * and `data` is the same on every line of a result, so it is built once.
 */
function chunkLineWriter(
  header: Omit<ResultChunk, 'index' | 'data'>,
  chunkPrefix: string,
): (index: number, data: string) => string {
  const { commandId, taskId, count, byteLength, sha256 } = header;
  const head = `${chunkPrefix} {"commandId":${JSON.stringify(commandId)},"taskId":${JSON.stringify(taskId)},"index":`;
  const middle = `,"count":${count},"byteLength":${byteLength},"sha256":"${sha256}","data":"`;
  // join builds each line flat in one copy; a template literal makes a rope that logcat's byte count then flattens.
  return (index, data) => [head, index, middle, data, '"}'].join('');
}

/**
 * The logcat messages that carry one envelope: one result line, or the chunk
 * lines when the result line exceeds `RESULT_LINE_MAX_BYTES`. The line is
 * encoded to UTF-8 once, for its length, its digest and its slices.
 */
export function encodeResultMessages(
  envelope: { commandId: string; taskId: string },
  dialect: OperatorDialect,
): string[] {
  const head = lineHead(dialect);
  const json = JSON.stringify(envelope);
  const { chunkPrefix } = dialect;
  // At most 3 UTF-8 bytes per UTF-16 unit: a short line needs no encoding to be known short.
  if (chunkPrefix === null || (head.length + json.length) * 3 <= RESULT_LINE_MAX_BYTES) return [head + json];
  // Encoded side by side: joining them first would copy the whole line (megabytes for a large snapshot) once more.
  const bytes = joinBytes([head, json]);
  if (bytes.length <= RESULT_LINE_MAX_BYTES) return [head + json];
  const data = sliceData(bytes);
  const write = chunkLineWriter(
    {
      commandId: envelope.commandId,
      taskId: envelope.taskId,
      count: data.length,
      byteLength: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    },
    chunkPrefix,
  );
  return data.map((slice, index) => write(index, slice));
}
