/**
 * Runs the result-line chunk vectors (conformance/chunks/*.json, format in its
 * README): the encoder vectors against the virtual Operator's encoder and the
 * decoder vectors against the host's chunk reassembler (actuator). The Kotlin
 * Operator core runs the encoder vectors against its ResultPublisher.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ChunkAssembler, type ChunkOutcome } from '../src/actuator/logcat/chunk-assembler.js';
import { parseResultLine } from '../src/actuator/logcat/result-lines.js';
import { DIALECTS, type DialectName } from '../src/contract/dialect.js';
import { DroidproofError } from '../src/contract/errors.js';
import { encodeResultMessages, resultLine } from '../src/virtual-device/operator/result-chunks.js';

interface EncodeVector {
  name: string;
  dialect: DialectName;
  commandId: string;
  taskId: string;
  envelope: { commandId: string; taskId: string };
  line: string;
  byteLength: number;
  messages: string[];
}

type DecodeExpectation = { line: string } | { incomplete: true } | { error: string };

interface DecodeVector {
  name: string;
  dialect: DialectName;
  messages: string[];
  expect: DecodeExpectation;
}

const dir = join(import.meta.dirname, 'chunks');
const load = <T>(file: string): T[] =>
  (JSON.parse(readFileSync(join(dir, file), 'utf8')) as { vectors: T[] }).vectors;

/** Feeds chunk lines to a fresh reassembler, as the logcat reader does for one command. */
function reassemble(messages: readonly string[], dialect: DialectName): DecodeExpectation {
  const assembler = new ChunkAssembler();
  let outcome: ChunkOutcome | undefined;
  try {
    for (const message of messages) {
      const parsed = parseResultLine(message, DIALECTS[dialect]);
      // A dialect that never chunks sends the whole line as it is.
      if (parsed?.kind === 'result') return { line: parsed.text };
      if (parsed?.kind !== 'chunk') throw new Error(`not a chunk line: ${message.slice(0, 60)}`);
      outcome = assembler.add(parsed.chunk);
    }
  } catch (error) {
    if (error instanceof DroidproofError) return { error: error.code };
    throw error;
  }
  return outcome?.complete ? { line: outcome.line } : { incomplete: true };
}

describe('chunk encoder vectors', () => {
  const vectors = load<EncodeVector>('encode.json');

  it('cover both dialects, both sides of the threshold and split characters', () => {
    const lengths = vectors.map((v) => v.byteLength);
    expect(new Set(vectors.map((v) => v.dialect))).toEqual(new Set(['androperator', 'clawperator']));
    expect(lengths).toEqual(expect.arrayContaining([3000, 3001, 3072, 4096]));
    expect(vectors.filter((v) => v.messages.length > 1).length).toBeGreaterThanOrEqual(7);
    // The released Clawperator Operator logs one result line whatever its size.
    for (const v of vectors.filter((x) => x.dialect === 'clawperator')) expect(v.messages).toHaveLength(1);
  });

  for (const vector of vectors) {
    it(vector.name, () => {
      const dialect = DIALECTS[vector.dialect];
      expect(resultLine(vector.envelope, dialect)).toBe(vector.line);
      expect(Buffer.byteLength(vector.line, 'utf8')).toBe(vector.byteLength);
      expect(encodeResultMessages(vector.envelope, dialect)).toEqual(vector.messages);
      if (vector.messages.length > 1) {
        expect(reassemble(vector.messages, vector.dialect)).toEqual({ line: vector.line });
      }
    });
  }
});

describe('chunk decoder vectors (actuator ChunkAssembler)', () => {
  for (const vector of load<DecodeVector>('decode.json')) {
    it(vector.name, () => {
      expect(reassemble(vector.messages, vector.dialect)).toEqual(vector.expect);
    });
  }
});
