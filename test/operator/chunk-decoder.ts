/**
 * A minimal reassembler of the chunk format (docs/virtual-operator.md), used
 * by the tests to check what the Operator logs. The product's reassembler is
 * the actuator's; this one only has to reject what the brief says is malformed.
 */
import { createHash } from 'node:crypto';
import type { ResultChunk } from '../../src/virtual-device/operator/result-chunks.js';

export type Decoded =
  | { ok: true; line: string }
  | { ok: false; reason: 'incomplete' | 'gap' | 'checksum' | 'header' };

export function decodeChunks(
  messages: readonly string[],
  chunkPrefix = '[Androperator-Result-Chunk]',
): Decoded {
  const chunks = messages
    .filter((m) => m.startsWith(`${chunkPrefix} `))
    .map((m) => JSON.parse(m.slice(chunkPrefix.length + 1)) as ResultChunk);
  if (chunks.length === 0) return { ok: false, reason: 'incomplete' };
  const { count, byteLength, sha256, commandId } = chunks[0];
  const parts: Buffer[] = [];
  for (const [i, chunk] of chunks.entries()) {
    if (
      chunk.count !== count ||
      chunk.byteLength !== byteLength ||
      chunk.sha256 !== sha256 ||
      chunk.commandId !== commandId
    ) {
      return { ok: false, reason: 'header' };
    }
    if (chunk.index !== i) return { ok: false, reason: 'gap' };
    parts.push(Buffer.from(chunk.data, 'base64'));
  }
  if (chunks.length < count) return { ok: false, reason: 'incomplete' };
  const bytes = Buffer.concat(parts);
  if (bytes.length !== byteLength || createHash('sha256').update(bytes).digest('hex') !== sha256) {
    return { ok: false, reason: 'checksum' };
  }
  return { ok: true, line: bytes.toString('utf8') };
}
