/**
 * Splits a byte stream into text lines without breaking multi-byte UTF-8
 * characters across chunk boundaries. A line longer than `maxLineBytes` is cut
 * there (logcat lines are at most a few KiB; this only bounds memory).
 */
import { StringDecoder } from 'node:string_decoder';

export class LineSplitter {
  private readonly decoder = new StringDecoder('utf8');
  private partial = '';

  constructor(private readonly maxLineChars = 1 << 20) {}

  /** Feeds bytes; returns the complete lines (without `\n` or a trailing `\r`). */
  push(bytes: Buffer): string[] {
    const text = this.partial + this.decoder.write(bytes);
    const parts = text.split('\n');
    this.partial = parts.pop() ?? '';
    if (this.partial.length > this.maxLineChars) {
      parts.push(this.partial);
      this.partial = '';
    }
    return parts.map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
  }

  /** Drops a half-received line, e.g. when the stream restarts. */
  reset(): void {
    this.decoder.end();
    this.partial = '';
  }
}
