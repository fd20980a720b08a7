import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DIALECTS, operatorVersionName } from '../../src/contract/dialect.js';
import {
  CHUNK_SLICE_BYTES,
  chunkResultLine,
  encodeResultMessages,
  RESULT_LINE_MAX_BYTES,
  resultLine,
} from '../../src/virtual-device/operator/result-chunks.js';
import { decodeChunks } from './chunk-decoder.js';

function envelopeOfSize(textLength: number, char = 'x') {
  return {
    commandId: 'c1',
    taskId: 't1',
    status: 'success',
    stepResults: [
      { id: 's', actionType: 'snapshot', success: true, data: { text: char.repeat(textLength) } },
    ],
    error: null,
    errorCode: null,
  };
}

describe('result line encoding (BRIEF "Results")', () => {
  it('a small envelope is one `[Androperator-Result] <json>` line (BRIEF Results; 003:1472-1476)', () => {
    const envelope = envelopeOfSize(10);
    const messages = encodeResultMessages(envelope, DIALECTS.androperator);
    expect(messages).toEqual([`[Androperator-Result] ${JSON.stringify(envelope)}`]);
  });

  it('a line of exactly 3000 bytes stays single; 3001 bytes is chunked (BRIEF Results: "over 3000 bytes")', () => {
    const overhead = Buffer.byteLength(resultLine(envelopeOfSize(0), DIALECTS.androperator));
    const exact = envelopeOfSize(RESULT_LINE_MAX_BYTES - overhead);
    expect(Buffer.byteLength(resultLine(exact, DIALECTS.androperator))).toBe(3000);
    expect(encodeResultMessages(exact, DIALECTS.androperator)).toHaveLength(1);
    const over = envelopeOfSize(RESULT_LINE_MAX_BYTES - overhead + 1);
    const messages = encodeResultMessages(over, DIALECTS.androperator);
    expect(messages.length).toBe(Math.ceil(3001 / CHUNK_SLICE_BYTES));
    expect(messages.every((m) => m.startsWith('[Androperator-Result-Chunk] '))).toBe(true);
  });

  it('the 3000-byte limit counts UTF-8 bytes: 1000 three-byte characters are chunked, 999 are not', () => {
    const overhead = Buffer.byteLength(resultLine(envelopeOfSize(0), DIALECTS.androperator));
    // Overhead plus 3 bytes per '€': the line's UTF-16 length stays far under 3000 either way.
    const fits = Math.floor((RESULT_LINE_MAX_BYTES - overhead) / 3);
    expect(encodeResultMessages(envelopeOfSize(fits, '€'), DIALECTS.androperator)).toHaveLength(1);
    const over = envelopeOfSize(fits + 1, '€');
    const messages = encodeResultMessages(over, DIALECTS.androperator);
    expect(messages.length).toBe(
      Math.ceil(Buffer.byteLength(resultLine(over, DIALECTS.androperator)) / 1024),
    );
    expect(decodeChunks(messages)).toEqual({ ok: true, line: resultLine(over, DIALECTS.androperator) });
  });

  it('chunk lines are exactly JSON.stringify of the chunk objects (encodeResultMessages builds them by hand)', () => {
    const envelope = { ...envelopeOfSize(5000, 'é'), commandId: 'c"1\\', taskId: 't\u00e9\n' };
    const line = resultLine(envelope, DIALECTS.androperator);
    const expected = chunkResultLine(line, envelope).map(
      (chunk) => `[Androperator-Result-Chunk] ${JSON.stringify(chunk)}`,
    );
    expect(encodeResultMessages(envelope, DIALECTS.androperator)).toEqual(expected);
  });

  it('chunk objects carry commandId, taskId, index, count, byteLength, sha256, data in that order (BRIEF Results)', () => {
    const [chunk] = chunkResultLine('y'.repeat(5000), { commandId: 'c9', taskId: 't9' });
    expect(Object.keys(chunk)).toEqual([
      'commandId',
      'taskId',
      'index',
      'count',
      'byteLength',
      'sha256',
      'data',
    ]);
    expect(chunk).toMatchObject({ commandId: 'c9', taskId: 't9', index: 0, count: 5, byteLength: 5000 });
  });

  it('data is base64 of 1024-byte slices; count = ceil(byteLength / 1024) (BRIEF Results)', () => {
    const line = 'z'.repeat(2049);
    const chunks = chunkResultLine(line, { commandId: 'c', taskId: 't' });
    expect(chunks.map((c) => Buffer.from(c.data, 'base64').length)).toEqual([1024, 1024, 1]);
    expect(chunks.map((c) => c.index)).toEqual([0, 1, 2]);
    expect(chunks.every((c) => c.count === 3)).toBe(true);
  });

  it('sha256 is the hex digest of the whole original line including its prefix (BRIEF Results)', () => {
    const envelope = envelopeOfSize(4000);
    const line = resultLine(envelope, DIALECTS.androperator);
    const messages = encodeResultMessages(envelope, DIALECTS.androperator);
    const sha = createHash('sha256').update(line, 'utf8').digest('hex');
    expect(messages.every((m) => m.includes(`"sha256":"${sha}"`))).toBe(true);
  });

  it('slices are cut on bytes, so multi-byte characters survive reassembly (BRIEF Results: "1024-byte slice of the UTF-8 line")', () => {
    const envelope = envelopeOfSize(3000, 'é');
    const decoded = decodeChunks(encodeResultMessages(envelope, DIALECTS.androperator));
    expect(decoded).toEqual({ ok: true, line: resultLine(envelope, DIALECTS.androperator) });
  });

  it('byteLength counts UTF-8 bytes, not UTF-16 units (BRIEF Results)', () => {
    const line = '€'.repeat(1500);
    const [chunk] = chunkResultLine(line, { commandId: 'c', taskId: 't' });
    expect(chunk.byteLength).toBe(4500);
  });

  it('the clawperator dialect logs one [Clawperator-Result] line whatever its size, like the released app', () => {
    expect(encodeResultMessages(envelopeOfSize(1), DIALECTS.clawperator)[0]).toMatch(
      /^\[Clawperator-Result\] \{/,
    );
    const big = envelopeOfSize(5000);
    expect(encodeResultMessages(big, DIALECTS.clawperator)).toEqual([resultLine(big, DIALECTS.clawperator)]);
  });

  it('dialects name their broadcast action and packages (BRIEF Dispatch)', () => {
    expect(DIALECTS.androperator.action).toBe('app.androperator.operator.ACTION_AGENT_COMMAND');
    expect(DIALECTS.clawperator.packages).toEqual([
      'com.clawperator.operator',
      'com.clawperator.operator.dev',
    ]);
  });

  it('versionName is droidproof`s version, with -d on the .dev package (BRIEF "Operator version")', () => {
    expect(operatorVersionName('com.androperator.operator', '0.1.0')).toBe('0.1.0');
    expect(operatorVersionName('com.androperator.operator.dev', '0.1.0')).toBe('0.1.0-d');
  });
});
