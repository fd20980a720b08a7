import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ChunkAssembler } from '../../../src/actuator/logcat/chunk-assembler.js';
import {
  parseResultLine,
  type ResultChunk,
  ResultChunkSchema,
} from '../../../src/actuator/logcat/result-lines.js';
import { DIALECTS } from '../../../src/contract/dialect.js';
// The virtual Operator's encoder: the reassembler must invert exactly what the device side emits.
import { chunkResultLine, encodeResultMessages } from '../../../src/virtual-device/operator/result-chunks.js';

const dialect = DIALECTS.androperator;
const ids = { commandId: 'cmd-1', taskId: 'task-1' };

function bigEnvelope(textLength: number) {
  // Multi-byte characters so slices split UTF-8 sequences.
  const text = '<hierarchy>'.concat(
    'é漢😀'.repeat(Math.ceil(textLength / 4)).slice(0, textLength),
    '</hierarchy>',
  );
  return {
    ...ids,
    status: 'success',
    stepResults: [{ id: 'snap', actionType: 'snapshot', success: true, data: { text } }],
    error: null,
  };
}

function chunksOf(envelope: object): ResultChunk[] {
  return chunkResultLine(`${dialect.resultPrefix} ${JSON.stringify(envelope)}`, ids);
}

function malformed(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    expect(error).toMatchObject({ code: 'RESULT_ENVELOPE_MALFORMED' });
    return error;
  }
  throw new Error('expected RESULT_ENVELOPE_MALFORMED');
}

describe('parseResultLine', () => {
  it('finds single-line results and chunks by prefix in any logcat format, never by tag', () => {
    const [line] = encodeResultMessages(
      { ...ids, status: 'success', stepResults: [], error: null } as never,
      DIALECTS.androperator,
    );
    const threadtime = `12-01 03:00:00.123  1234  1250 I SomeOtherTag: ${line}`;
    expect(parseResultLine(threadtime, dialect)).toEqual({ kind: 'result', commandId: 'cmd-1', text: line });
    const chunkLine = encodeResultMessages(bigEnvelope(5000) as never, DIALECTS.androperator)[0];
    expect(parseResultLine(`I/Tag(1): ${chunkLine}`, dialect)).toMatchObject({
      kind: 'chunk',
      chunk: { index: 0 },
    });
    expect(parseResultLine('I/Tag(1): [Clawperator-Result] {"commandId":"cmd-1"}', dialect)).toBeUndefined();
    expect(parseResultLine('I/Tag(1): nothing here', dialect)).toBeUndefined();
  });

  it('reads every spelling of a chunk header as JSON and the schema do, the canonical one included', () => {
    const header = (fields: string) => `${dialect.chunkPrefix} {${fields}}`;
    const sha = 'ab'.repeat(32);
    const canonical = `"commandId":"c-1","taskId":"t","index":0,"count":2,"byteLength":1500,"sha256":"${sha}","data":"QUJD"`;
    const spellings = [
      canonical,
      canonical.replace('"index":0', '"index":1'),
      canonical.replace('"taskId":"t"', '"taskId":""'),
      // Escapes, spaces, leading zeros, fractions, reordered or missing keys, non-base64 data, bad values.
      canonical.replace('"c-1"', '"c\\u002d1"'),
      canonical.replace('"commandId":"c-1"', '"commandId": "c-1"'),
      canonical.replace('"count":2', '"count":02'),
      canonical.replace('"count":2', '"count":2.0'),
      canonical.replace('"count":2', '"count":0'),
      canonical.replace('"index":0', '"index":-1'),
      canonical.replace('"commandId":"c-1"', '"commandId":""'),
      canonical.replace('"data":"QUJD"', '"data":"QU\\nJD"'),
      canonical.replace('"data":"QUJD"', '"data":"QU"JD"'),
      canonical.replace('"data":"QUJD"', '"data":"'),
      canonical.replace(sha, 'xy'.repeat(32)),
      canonical.replace(',"taskId":"t"', ''),
      `"taskId":"t",${canonical.replace(',"taskId":"t"', '')}`,
      `${canonical},"extra":1`,
      canonical.replace('"byteLength":1500', '"byteLength":12345678901234567890'),
    ];
    for (const fields of spellings) {
      const line = header(fields);
      let expected: ReturnType<typeof parseResultLine>;
      try {
        const parsed = ResultChunkSchema.safeParse(JSON.parse(line.slice(line.indexOf('{'))));
        expected = parsed.success ? { kind: 'chunk', chunk: parsed.data } : undefined;
      } catch {
        expected = undefined;
      }
      const logged = `12-01 03:00:00.123  1234  1250 I Tag: ${line}`;
      const actual = parseResultLine(logged, dialect);
      if (actual?.kind !== 'chunk' || expected === undefined) {
        expect(expected, fields).toBeUndefined();
        expect(actual?.kind, fields).toBe('bad-chunk');
        continue;
      }
      const { payloadAt, ...parsed } = actual;
      expect(parsed, fields).toEqual(expected);
      // The payload's offset is given for the canonical spelling, where the data stands verbatim and last.
      if (fields === canonical) expect(payloadAt).toBeDefined();
      if (payloadAt !== undefined) expect(logged.slice(payloadAt), fields).toBe(`${parsed.chunk.data}"}`);
    }
  });

  it('reports a broken chunk header with its commandId', () => {
    const parsed = parseResultLine(`${dialect.chunkPrefix} {"commandId":"cmd-1","index":"x"}`, dialect);
    expect(parsed).toMatchObject({ kind: 'bad-chunk', commandId: 'cmd-1' });
  });
});

describe('ChunkAssembler', () => {
  it('reassembles chunks split through multi-byte characters, byte-identical', () => {
    const envelope = bigEnvelope(9000);
    const chunks = chunksOf(envelope);
    expect(chunks.length).toBeGreaterThan(3);
    const assembler = new ChunkAssembler();
    let outcome: ReturnType<ChunkAssembler['add']> | undefined;
    for (const chunk of chunks) outcome = assembler.add(chunk);
    expect(outcome).toEqual({ complete: true, line: `${dialect.resultPrefix} ${JSON.stringify(envelope)}` });
  });

  it('ignores an identical repeated chunk (logcat replay after reconnect)', () => {
    const chunks = chunksOf(bigEnvelope(3000));
    const assembler = new ChunkAssembler();
    assembler.add(chunks[0]);
    expect(assembler.add(chunks[0])).toMatchObject({ complete: false, progress: { receivedChunks: 1 } });
    for (const chunk of chunks.slice(1)) assembler.add(chunk);
  });

  it('a gap is malformed', () => {
    const chunks = chunksOf(bigEnvelope(4000));
    const assembler = new ChunkAssembler();
    assembler.add(chunks[0]);
    const error = malformed(() => assembler.add(chunks[2]));
    expect(error).toMatchObject({ details: { reason: 'chunk 1 is missing' } });
  });

  it('a header differing from the first chunk is malformed', () => {
    const chunks = chunksOf(bigEnvelope(4000));
    const assembler = new ChunkAssembler();
    assembler.add(chunks[0]);
    malformed(() => assembler.add({ ...chunks[1], byteLength: chunks[1].byteLength + 1 }));
    const other = new ChunkAssembler();
    other.add(chunks[0]);
    malformed(() => other.add({ ...chunks[1], taskId: 'other' }));
    const third = new ChunkAssembler();
    third.add(chunks[0]);
    malformed(() => third.add({ ...chunks[1], sha256: 'ab'.repeat(32) }));
    // A digest differing only in case is the same digest.
    const cased = new ChunkAssembler();
    cased.add(chunks[0]);
    let outcome: ReturnType<ChunkAssembler['add']> | undefined;
    for (const chunk of chunks.slice(1))
      outcome = cased.add({ ...chunk, sha256: chunk.sha256.toUpperCase() });
    expect(outcome).toMatchObject({ complete: true });
  });

  it('count inconsistent with byteLength, an index past count and a short slice are malformed', () => {
    const chunks = chunksOf(bigEnvelope(4000));
    malformed(() => new ChunkAssembler().add({ ...chunks[0], count: chunks[0].count + 1 }));
    malformed(() => new ChunkAssembler().add({ ...chunks[0], index: chunks[0].count }));
    const short = Buffer.from(chunks[0].data, 'base64').subarray(0, 1000).toString('base64');
    malformed(() => new ChunkAssembler().add({ ...chunks[0], data: short }));
  });

  it('a checksum mismatch is malformed', () => {
    const chunks = chunksOf(bigEnvelope(4000));
    const wrong = createHash('sha256').update('something else').digest('hex');
    const assembler = new ChunkAssembler();
    const error = malformed(() => {
      for (const chunk of chunks) assembler.add({ ...chunk, sha256: wrong });
    });
    expect(error).toMatchObject({ details: { reason: 'sha256 of the reassembled result does not match' } });
  });

  it('hashes every byte of a result spanning several hash batches, the replayed chunks included', () => {
    const chunks = chunksOf(bigEnvelope(200_000));
    expect(chunks.length).toBeGreaterThan(3 * 64);
    // A slice altered in any batch (first, middle, last chunk) and carried by a consistent header fails the checksum.
    for (const at of [0, 70, 130, chunks.length - 1]) {
      const bytes = Buffer.from(chunks[at].data, 'base64');
      bytes[0] ^= 1;
      const altered = chunks.map((c, i) => (i === at ? { ...c, data: bytes.toString('base64') } : c));
      const assembler = new ChunkAssembler();
      const error = malformed(() => {
        for (const chunk of altered) assembler.add(chunk);
      });
      expect(error).toMatchObject({ details: { reason: 'sha256 of the reassembled result does not match' } });
    }
    const assembler = new ChunkAssembler();
    let outcome: ReturnType<ChunkAssembler['add']> | undefined;
    for (const [i, chunk] of chunks.entries()) {
      outcome = assembler.add(chunk);
      if (i % 50 === 49) assembler.add(chunks[i - 1]);
    }
    expect(outcome).toMatchObject({ complete: true });
  });

  it('judges data of base64 digits alone by its spelling exactly as by re-encoding its bytes', () => {
    const outcome = (chunk: ResultChunk, digitsOnly: boolean) => {
      try {
        return new ChunkAssembler().add(chunk, digitsOnly);
      } catch (error) {
        return (error as { details: { reason: string } }).details.reason;
      }
    };
    const digits = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
    let judged = 0;
    for (let length = 1; length <= 9; length++) {
      const bytes = createHash('sha256').update(String(length)).digest().subarray(0, length);
      const header = {
        ...ids,
        index: 0,
        count: 1,
        byteLength: length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
      };
      const data = bytes.toString('base64');
      const significant = data.replace(/=+$/, '');
      const spellings = [
        data,
        `${data}=`,
        `A${data}`,
        data.replace(/=/g, 'A'),
        data.replace(/=$/, 'A'),
        `${significant}==`.slice(0, data.length),
      ];
      // Every other last significant digit: only those with zero spare bits are canonical.
      for (const digit of digits)
        spellings.push(`${significant.slice(0, -1)}${digit}${data.slice(significant.length)}`);
      for (let at = 0; at < significant.length; at++)
        spellings.push(`${data.slice(0, at)}=${data.slice(at + 1)}`);
      for (const spelling of spellings) {
        const chunk = { ...header, data: spelling };
        expect(outcome(chunk, true), `${length} ${spelling}`).toEqual(outcome(chunk, false));
        judged++;
      }
    }
    expect(judged).toBeGreaterThan(9 * digits.length);
  });

  it('a missing tail stays incomplete with progress (the caller times out)', () => {
    const chunks = chunksOf(bigEnvelope(4000));
    const assembler = new ChunkAssembler();
    let last: ReturnType<ChunkAssembler['add']> | undefined;
    for (const chunk of chunks.slice(0, -1)) last = assembler.add(chunk);
    expect(last).toEqual({
      complete: false,
      progress: {
        receivedChunks: chunks.length - 1,
        expectedChunks: chunks.length,
        receivedBytes: 1024 * (chunks.length - 1),
        expectedBytes: chunks[0].byteLength,
      },
    });
  });

  it('refuses a result over the 64 MiB cap before buffering anything', () => {
    const byteLength = 64 * 1024 * 1024 + 1;
    const header = {
      ...ids,
      index: 0,
      count: Math.ceil(byteLength / 1024),
      byteLength,
      sha256: 'a'.repeat(64),
      data: Buffer.alloc(1024).toString('base64'),
    };
    const error = malformed(() => new ChunkAssembler().add(header));
    expect((error as { message: string }).message).toContain('cap');
    // A small cap applies the same rule.
    const chunks = chunksOf(bigEnvelope(4000));
    malformed(() => new ChunkAssembler(2048).add(chunks[0]));
  });
});
