/** A bounded ring of recent logcat lines with their host receive time. */
export interface LogcatLine {
  /** Host wall-clock time (ms since epoch) when the line arrived. */
  timeMs: number;
  text: string;
}

export class LineRing {
  private readonly lines: LogcatLine[] = [];
  private start = 0;

  constructor(private readonly capacity: number) {}

  push(line: LogcatLine): void {
    if (this.lines.length < this.capacity) {
      this.lines.push(line);
      return;
    }
    this.lines[this.start] = line;
    this.start = (this.start + 1) % this.capacity;
  }

  /** Lines received at or after `timeMs`, oldest first. */
  since(timeMs: number): LogcatLine[] {
    const ordered = [...this.lines.slice(this.start), ...this.lines.slice(0, this.start)];
    return ordered.filter((line) => line.timeMs >= timeMs);
  }

  /** Whether `text` is among the most recent `window` lines (reconnect replays repeat them). */
  hasRecent(text: string, window: number): boolean {
    const n = this.lines.length;
    for (let i = 1; i <= Math.min(window, n); i++) {
      if (this.lines[(this.start + n - i) % n].text === text) return true;
    }
    return false;
  }
}
