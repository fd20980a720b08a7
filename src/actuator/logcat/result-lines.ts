/**
 * Recognizes result lines in logcat output by their prefix, wherever the
 * logcat format puts the message (never by tag, brief "Results"):
 * `[Androperator-Result] <envelope json>` and
 * `[Androperator-Result-Chunk] {"commandId",...,"data"}`.
 */
import { z } from 'zod';
import type { OperatorDialect } from '../../contract/dialect.js';

export const ResultChunkSchema = z.object({
  commandId: z.string().min(1),
  taskId: z.string(),
  index: z.number().int().nonnegative(),
  count: z.number().int().positive(),
  byteLength: z.number().int().positive(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/i),
  data: z.string(),
});
export type ResultChunk = z.infer<typeof ResultChunkSchema>;

export type ResultLine =
  /** A whole envelope line, `text` from the prefix to the end of the line. */
  | { kind: 'result'; commandId: string | undefined; text: string }
  | {
      kind: 'chunk';
      chunk: ResultChunk;
      /**
       * Where the base64 payload begins when the header is in the canonical
       * form (the payload is then last and verbatim, followed only by `"}`).
       */
      payloadAt?: number;
    }
  /** A chunk line for `commandId` whose header does not parse. */
  | { kind: 'bad-chunk'; commandId: string | undefined; reason: string };

/** Extracts the `commandId` of a JSON object text without failing on malformed input. */
function peekCommandId(json: string): string | undefined {
  try {
    const value: unknown = JSON.parse(json);
    if (typeof value === 'object' && value !== null && 'commandId' in value) {
      const id = (value as { commandId: unknown }).commandId;
      return typeof id === 'string' ? id : undefined;
    }
  } catch {
    // A malformed envelope is reported by the caller that owns the command id.
  }
  return undefined;
}

/**
 * The chunk header in the exact form Operators write it: keys in wire order,
 * no whitespace, ids without escapes or control characters, plain integers
 * (at most 15 digits, so exact), a hex digest and base64 data. Whatever it
 * accepts, JSON and the schema accept with the same values; any other
 * spelling takes that general path. A 5,000-node snapshot is ~2,000 chunk
 * lines: one native match each instead of a JSON parse and a schema run.
 */
const CANONICAL_CHUNK =
  /^\{"commandId":"([^"\\\x00-\x1f]+)","taskId":"([^"\\\x00-\x1f]*)","index":(0|[1-9][0-9]{0,14}),"count":([1-9][0-9]{0,14}),"byteLength":([1-9][0-9]{0,14}),"sha256":"([0-9a-fA-F]{64})","data":"([A-Za-z0-9+/=]*)"\}$/;

function canonicalChunk(json: string): ResultChunk | undefined {
  const match = CANONICAL_CHUNK.exec(json);
  if (match === null) return undefined;
  const [, commandId, taskId, index, count, byteLength, sha256, data] = match as unknown as string[];
  return {
    commandId,
    taskId,
    index: Number(index),
    count: Number(count),
    byteLength: Number(byteLength),
    sha256,
    data,
  };
}

/** Parses one logcat line; `undefined` when it carries no result. */
export function parseResultLine(line: string, dialect: OperatorDialect): ResultLine | undefined {
  const { chunkPrefix } = dialect;
  const chunkAt = chunkPrefix === null ? -1 : line.indexOf(`${chunkPrefix} `);
  if (chunkPrefix !== null && chunkAt >= 0) {
    const json = line.slice(chunkAt + chunkPrefix.length + 1);
    const canonical = canonicalChunk(json);
    if (canonical !== undefined) {
      return { kind: 'chunk', chunk: canonical, payloadAt: line.length - canonical.data.length - 2 };
    }
    let raw: unknown;
    try {
      raw = JSON.parse(json);
    } catch {
      return { kind: 'bad-chunk', commandId: undefined, reason: 'chunk header is not JSON' };
    }
    const parsed = ResultChunkSchema.safeParse(raw);
    if (!parsed.success) {
      return { kind: 'bad-chunk', commandId: peekCommandId(json), reason: 'chunk header fields are invalid' };
    }
    return { kind: 'chunk', chunk: parsed.data };
  }
  const resultAt = line.indexOf(`${dialect.resultPrefix} `);
  if (resultAt < 0) return undefined;
  const text = line.slice(resultAt);
  return { kind: 'result', commandId: peekCommandId(text.slice(dialect.resultPrefix.length + 1)), text };
}
