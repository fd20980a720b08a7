/**
 * Splits a byte stream into lines of bytes. It cuts at `\n` (a byte that never
 * occurs inside a multi-byte UTF-8 character) and leaves decoding to the caller,
 * which decodes each line once and may decode parts of it apart (the evidence
 * ring's copy of a chunk line), so a burst of thousands of chunk lines costs no
 * decoded copy of the whole burst and no split of it. A line longer than
 * `maxLineBytes` is cut there, at a character boundary (logcat lines are at most
 * a few KiB; this only bounds memory).
 */

const NEWLINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;

/** Where to cut `bytes` at most at `end` without splitting a UTF-8 character. */
function characterBoundary(bytes: Buffer, end: number): number {
  let at = end;
  // Back over continuation bytes (10xxxxxx) to the lead byte of the character straddling `end`.
  while (at > 0 && end - at < 3 && (bytes[at]! & 0xc0) === 0x80) at--;
  return at > 0 ? at : end;
}

export class LineSplitter {
  /** Bytes of the line not yet ended by `\n`. */
  private partial: Buffer = Buffer.alloc(0);

  constructor(private readonly maxLineBytes = 1 << 20) {}

  /**
   * Feeds bytes; returns the complete lines (without `\n` or a trailing `\r`),
   * as views that are valid until the next `push`.
   */
  push(bytes: Buffer): Buffer[] {
    const lines: Buffer[] = [];
    let data = bytes;
    let start = 0;
    if (this.partial.length > 0) {
      // Only the part up to the first newline needs joining with the held bytes.
      const newline = bytes.indexOf(NEWLINE);
      if (newline < 0) {
        data = Buffer.concat([this.partial, bytes]);
      } else {
        lines.push(withoutReturn(Buffer.concat([this.partial, bytes.subarray(0, newline)])));
        start = newline + 1;
      }
      this.partial = Buffer.alloc(0);
    }
    for (let newline = data.indexOf(NEWLINE, start); newline >= 0; newline = data.indexOf(NEWLINE, start)) {
      lines.push(withoutReturn(data.subarray(start, newline)));
      start = newline + 1;
    }
    let rest = data.subarray(start);
    while (rest.length > this.maxLineBytes) {
      const cut = characterBoundary(rest, this.maxLineBytes);
      lines.push(rest.subarray(0, cut));
      rest = rest.subarray(cut);
    }
    // A copy: the held bytes must not pin the whole burst they came in.
    this.partial = Buffer.from(rest);
    return lines;
  }

  /** Drops a half-received line, e.g. when the stream restarts. */
  reset(): void {
    this.partial = Buffer.alloc(0);
  }
}

function withoutReturn(line: Buffer): Buffer {
  return line.length > 0 && line[line.length - 1] === CARRIAGE_RETURN ? line.subarray(0, -1) : line;
}
