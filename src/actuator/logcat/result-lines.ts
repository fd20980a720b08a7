/**
 * Recognizes result lines in logcat output by their prefix, wherever the
 * logcat format puts the message (never by tag, brief "Results"):
 * `[Androperator-Result] <envelope json>` and
 * `[Androperator-Result-Chunk] {"commandId",...,"data"}`.
 */
import { z } from 'zod';
import type { OperatorDialect } from '../../contract/dialect.js';

const SHA256_HEX = /^[0-9a-f]{64}$/i;
const BASE64_TEXT = /^[A-Za-z0-9+/=]*$/;

export const ResultChunkSchema = z.object({
  commandId: z.string().min(1),
  taskId: z.string(),
  index: z.number().int().nonnegative(),
  count: z.number().int().positive(),
  byteLength: z.number().int().positive(),
  sha256: z.string().regex(SHA256_HEX),
  data: z.string(),
});
export type ResultChunk = z.infer<typeof ResultChunkSchema>;

export type ResultLine =
  /** A whole envelope line, `text` from the prefix to the end of the line. */
  | { kind: 'result'; commandId: string | undefined; text: string }
  | { kind: 'chunk'; chunk: ResultChunk }
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

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const CLOSE_BRACE = 0x7d;

/** End of a JSON string body starting at `from` (its closing quote), or -1 when it holds an escape or a control character. */
function plainStringEnd(json: string, from: number): number {
  for (let i = from; i < json.length; i++) {
    const c = json.charCodeAt(i);
    if (c === QUOTE) return i;
    if (c === BACKSLASH || c < 0x20) return -1;
  }
  return -1;
}

/** End of a JSON integer without sign, fraction or leading zero at `from`, followed by `,` or `}`; -1 otherwise. */
function plainIntegerEnd(json: string, from: number): number {
  let i = from;
  // 15 digits stay exact; longer numbers take the general path.
  while (i < json.length && i - from < 15 && json.charCodeAt(i) >= 0x30 && json.charCodeAt(i) <= 0x39) i++;
  if (i === from || (i - from > 1 && json.charCodeAt(from) === 0x30)) return -1;
  const next = json.charCodeAt(i);
  return next === COMMA || next === CLOSE_BRACE ? i : -1;
}

/** The chunk header's keys in wire order, each with what comes before its value. */
const CHUNK_KEYS = [
  ['commandId', '{"commandId":"'],
  ['taskId', ',"taskId":"'],
  ['index', ',"index":'],
  ['count', ',"count":'],
  ['byteLength', ',"byteLength":'],
  ['sha256', ',"sha256":"'],
] as const;

/**
 * Reads the chunk header in the exact form Operators write it (keys in wire
 * order, no whitespace, no escapes, plain integers, base64 data), or
 * `undefined` for any other spelling, which then takes the general JSON and
 * schema path. A 5,000-node snapshot is ~2,000 chunk lines, so skipping a JSON
 * parse and a schema run per line matters; what it accepts is exactly what that
 * path would accept, with the same values.
 */
function canonicalChunk(json: string): ResultChunk | undefined {
  const fields: Record<string, string | number> = {};
  let at = 0;
  for (const [key, before] of CHUNK_KEYS) {
    if (!json.startsWith(before, at)) return undefined;
    at += before.length;
    const quoted = before.endsWith('"');
    const end = quoted ? plainStringEnd(json, at) : plainIntegerEnd(json, at);
    if (end < 0) return undefined;
    fields[key] = quoted ? json.slice(at, end) : Number(json.slice(at, end));
    at = quoted ? end + 1 : end;
  }
  const { commandId, taskId, index, count, byteLength, sha256 } = fields as Omit<ResultChunk, 'data'>;
  if (commandId === '' || count === 0 || byteLength === 0 || !SHA256_HEX.test(sha256)) return undefined;
  // The base64 alphabet needs no JSON escape: the data runs to the closing `"}`.
  const before = ',"data":"';
  const dataStart = at + before.length;
  if (!json.startsWith(before, at) || dataStart > json.length - 2 || !json.endsWith('"}')) return undefined;
  const data = json.slice(dataStart, json.length - 2);
  if (!BASE64_TEXT.test(data)) return undefined;
  return { commandId, taskId, index, count, byteLength, sha256, data };
}

/** Parses one logcat line; `undefined` when it carries no result. */
export function parseResultLine(line: string, dialect: OperatorDialect): ResultLine | undefined {
  const { chunkPrefix } = dialect;
  const chunkAt = chunkPrefix === null ? -1 : line.indexOf(`${chunkPrefix} `);
  if (chunkPrefix !== null && chunkAt >= 0) {
    const json = line.slice(chunkAt + chunkPrefix.length + 1);
    const canonical = canonicalChunk(json);
    if (canonical !== undefined) return { kind: 'chunk', chunk: canonical };
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
