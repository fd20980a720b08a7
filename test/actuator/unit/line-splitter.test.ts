import { describe, expect, it } from 'vitest';
import { LineSplitter } from '../../../src/actuator/logcat/line-splitter.js';

/** Feeds `bytes` and decodes the lines it completes. */
function push(splitter: LineSplitter, bytes: Buffer): string[] {
  return splitter.push(bytes).map((line) => line.toString('utf8'));
}

/** Feeds `bytes` in pieces of `size` bytes and collects every line. */
function feed(splitter: LineSplitter, bytes: Buffer, size: number): string[] {
  const lines: string[] = [];
  for (let at = 0; at < bytes.length; at += size)
    lines.push(...push(splitter, bytes.subarray(at, at + size)));
  return lines;
}

describe('LineSplitter', () => {
  it('returns the same lines however the bytes are cut, multi-byte characters and CRLF included', () => {
    const text = 'première ligne\r\nzweite Zeile ü\n\nthird 🙂 line\nunfinished é';
    const bytes = Buffer.from(text, 'utf8');
    for (const size of [1, 2, 3, 5, 7, bytes.length]) {
      const splitter = new LineSplitter();
      expect(feed(splitter, bytes, size)).toEqual(['première ligne', 'zweite Zeile ü', '', 'third 🙂 line']);
      expect(push(splitter, Buffer.from('\n'))).toEqual(['unfinished é']);
    }
  });

  it('cuts a line longer than the limit at a character boundary', () => {
    const splitter = new LineSplitter(8);
    // 'aaaaaaa' is 7 bytes; 'é' (2 bytes) would straddle byte 8, so the first piece ends before it.
    const lines = push(splitter, Buffer.from('aaaaaaaébbbbbbbbbb', 'utf8'));
    expect(lines).toEqual(['aaaaaaa', 'ébbbbbb']);
    expect(push(splitter, Buffer.from('\n'))).toEqual(['bbbb']);
  });

  it('drops a half-received line on reset', () => {
    const splitter = new LineSplitter();
    expect(push(splitter, Buffer.from('half a li'))).toEqual([]);
    splitter.reset();
    expect(push(splitter, Buffer.from('fresh\n'))).toEqual(['fresh']);
  });
});
