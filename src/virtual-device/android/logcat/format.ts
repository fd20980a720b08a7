/**
 * logcat's text formats (liblog `logprint.cpp`), binary records as
 * `logcat -B` writes them and adbkit's reader parses them (research note
 * adb-protocol §2.4: 28-byte v4 header, payload `priority tag\0 message\0`),
 * and filter specs (`TAG:P`, `*:S`, `-s`).
 */
import { DroidproofError } from '../../../contract/errors.js';
import { joinBytes } from '../../bytes.js';
import { type LogEntry, type LogPriority, PRIORITY_NUMBER } from './entry.js';

export const LOG_FORMATS = ['brief', 'time', 'threadtime', 'tag', 'process', 'raw', 'long'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

export function isLogFormat(value: string): value is LogFormat {
  return (LOG_FORMATS as readonly string[]).includes(value);
}

/** The last formatted time: a burst of lines (result chunks) shares one millisecond. */
let lastTime = { timeMs: Number.NaN, text: '' };

/** `MM-DD HH:MM:SS.mmm` in UTC, the device's time zone. */
export function formatLogTime(timeMs: number): string {
  if (timeMs !== lastTime.timeMs) {
    const text = new Date(timeMs)
      .toISOString()
      .replace(/^\d{4}-(\d\d-\d\d)T(\d\d:\d\d:\d\d\.\d{3})Z$/, '$1 $2');
    lastTime = { timeMs, text };
  }
  return lastTime.text;
}

const pad5 = (n: number) => String(n).padStart(5);

/** The text before each message line; `raw` has none. */
function linePrefix(entry: LogEntry, format: Exclude<LogFormat, 'long'>): string {
  const { priority: p, tag, pid, tid } = entry;
  switch (format) {
    case 'brief':
      return `${p}/${tag.padEnd(8)}(${pad5(pid)}): `;
    case 'time':
      return `${formatLogTime(entry.timeMs)} ${p}/${tag.padEnd(8)}(${pad5(pid)}): `;
    case 'threadtime':
      return `${formatLogTime(entry.timeMs)} ${pad5(pid)} ${pad5(tid)} ${p} ${tag.padEnd(8)}: `;
    case 'tag':
      return `${p}/${tag.padEnd(8)}: `;
    case 'process':
      return `${p}(${pad5(pid)}) `;
    case 'raw':
      return '';
  }
}

/** One entry as text; a multi-line message repeats the prefix on each line. */
export function formatEntry(entry: LogEntry, format: LogFormat): string {
  return formatEntryParts(entry, format).join('');
}

/**
 * `formatEntry`'s text as UTF-8, written piece by piece: a joined string
 * would copy every message once more (a large result's chunk lines are 3 MB).
 */
export function formatEntryBytes(entry: LogEntry, format: LogFormat): Buffer {
  return joinBytes(formatEntryParts(entry, format));
}

/** The pieces of `formatEntry`'s text: each line's prefix, text and end. */
function formatEntryParts(entry: LogEntry, format: LogFormat): string[] {
  if (format === 'long') {
    const { priority: p, tag, pid, tid } = entry;
    return [
      `[ ${formatLogTime(entry.timeMs)} ${pad5(pid)}:${pad5(tid)} ${p}/${tag.padEnd(8)} ]\n${entry.message}\n\n`,
    ];
  }
  const prefix = linePrefix(entry, format);
  const end = format === 'process' ? `  (${entry.tag})\n` : '\n';
  // Most messages are one line: skip the split.
  if (!entry.message.includes('\n')) return [prefix, entry.message, end];
  return entry.message.split('\n').flatMap((line) => [prefix, line, end]);
}

/** v4 `struct logger_entry` header size. */
export const BINARY_HEADER_SIZE = 28;
/** `LOGGER_ENTRY_MAX_PAYLOAD`: liblog truncates longer payloads. */
export const MAX_PAYLOAD = 4068;

/** One binary record: header, then priority byte, `tag\0`, `message\0`. */
export function encodeBinaryEntry(entry: LogEntry, uid = 0): Buffer {
  const tag = Buffer.from(entry.tag, 'utf8');
  const message = Buffer.from(entry.message, 'utf8');
  const payloadLength = 1 + tag.length + 1 + message.length + 1;
  const record = Buffer.alloc(BINARY_HEADER_SIZE + payloadLength);
  record.writeUInt16LE(payloadLength, 0);
  record.writeUInt16LE(BINARY_HEADER_SIZE, 2);
  record.writeInt32LE(entry.pid, 4);
  record.writeUInt32LE(entry.tid, 8);
  record.writeUInt32LE(Math.floor(entry.timeMs / 1000), 12);
  record.writeUInt32LE((entry.timeMs % 1000) * 1_000_000, 16);
  record.writeUInt32LE(0, 20); // lid: the main buffer
  record.writeUInt32LE(uid, 24);
  let offset = BINARY_HEADER_SIZE;
  record[offset++] = PRIORITY_NUMBER[entry.priority];
  offset += tag.copy(record, offset);
  record[offset++] = 0;
  offset += message.copy(record, offset);
  record[offset] = 0;
  return record;
}

/** Filter specs: `TAG:P` per tag, `*:P` as the default level; `S` silences. */
export class LogFilter {
  private readonly levels = new Map<string, number>();
  private defaultLevel: number;

  constructor(specs: readonly string[], silentByDefault = false) {
    this.defaultLevel = silentByDefault ? SILENT : PRIORITY_NUMBER.V;
    for (const spec of specs) {
      const colon = spec.lastIndexOf(':');
      const tag = colon < 0 ? spec : spec.slice(0, colon);
      const letter = colon < 0 ? 'V' : spec.slice(colon + 1).toUpperCase();
      const level = letter === 'S' ? SILENT : PRIORITY_NUMBER[letter as LogPriority];
      if (level === undefined) throw new DroidproofError('SHELL_USAGE', `Invalid filter expression: ${spec}`);
      if (tag === '*') this.defaultLevel = level;
      else this.levels.set(tag, level);
    }
  }

  accepts(entry: LogEntry): boolean {
    return PRIORITY_NUMBER[entry.priority] >= (this.levels.get(entry.tag) ?? this.defaultLevel);
  }
}

const SILENT = 8;

/** Cuts a message so the whole payload fits `MAX_PAYLOAD` bytes, on a UTF-8 character boundary. */
export function truncateMessage(tag: string, message: string): string {
  const budget = MAX_PAYLOAD - 3 - Buffer.byteLength(tag);
  // At most 3 UTF-8 bytes per UTF-16 unit: most messages need neither a byte count nor a copy.
  if (message.length * 3 <= budget || Buffer.byteLength(message, 'utf8') <= budget) return message;
  const bytes = Buffer.from(message, 'utf8');
  let end = Math.max(0, budget);
  while (end > 0 && (bytes[end] & 0xc0) === 0x80) end--;
  return bytes.subarray(0, end).toString('utf8');
}
