/**
 * Reads hierarchy XML that an Operator logs apart from its result (the
 * released Clawperator app: `[TaskScope] UI Hierarchy:` followed by the dump,
 * one element per line; seed 003:4998-5002 names the same marker with
 * `[commandId=<id>]`). A multi-line log message comes out of logcat as one
 * line per message line, each with the same header, so the lines of a capture
 * are the ones whose header (after the timestamp) equals the marker line's.
 * Lines of other processes in between are skipped. A capture ends at its
 * `</hierarchy>` line, at a later message of the same tag that is not XML,
 * at the next marker, or when the command's result arrives (`flush`).
 */

import { escapeRegExp } from '../../contract/escape-regexp.js';

/** One capture read from logcat. */
export interface HierarchyCapture {
  /** The command the marker names, when it names one. */
  commandId: string | undefined;
  xml: string;
}

interface OpenCapture {
  header: string;
  commandId: string | undefined;
  lines: string[];
}

/** The `time`/`threadtime` timestamp at the start of a line; the rest of the header is per entry. */
const TIMESTAMP = /^\d\d-\d\d \d\d:\d\d:\d\d\.\d+\s+/;

export class HierarchyLineCollector {
  private readonly marker: RegExp;
  private open: OpenCapture | undefined;

  /** `marker` as the Operator writes it, e.g. `[TaskScope] UI Hierarchy:`. */
  constructor(marker: string) {
    const base = escapeRegExp(marker.replace(/:$/, ''));
    this.marker = new RegExp(`${base}(?: \\[commandId=([^\\]]*)\\])?:`);
  }

  /** Feeds one logcat line; returns the capture it completed, if any. */
  push(line: string): HierarchyCapture | undefined {
    const text = line.replace(TIMESTAMP, '');
    const found = this.marker.exec(text);
    if (found) {
      const finished = this.flush();
      const rest = text.slice(found.index + found[0].length).trim();
      this.open = { header: text.slice(0, found.index), commandId: found[1], lines: rest ? [rest] : [] };
      return finished;
    }
    const open = this.open;
    if (!open || !text.startsWith(open.header)) return undefined;
    const message = text.slice(open.header.length);
    const trimmed = message.trim();
    if (trimmed.startsWith('[')) return this.flush();
    open.lines.push(message);
    return trimmed === '</hierarchy>' ? this.flush() : undefined;
  }

  /** Ends the open capture, complete or not. */
  flush(): HierarchyCapture | undefined {
    const open = this.open;
    this.open = undefined;
    if (!open) return undefined;
    const xml = open.lines.join('\n').trim();
    return xml === '' ? undefined : { commandId: open.commandId, xml };
  }
}
