import { PassThrough } from 'node:stream';
import Logcat from '@devicefarmer/adbkit-logcat';
import { describe, expect, it } from 'vitest';
import { createVirtualAndroid } from '../device.js';
import { execShell } from '../exec.js';
import type { LogEntry } from './entry.js';
import { formatEntry, formatEntryBytes, LOG_FORMATS, MAX_PAYLOAD } from './format.js';

const ENTRY: LogEntry = {
  timeMs: Date.UTC(2026, 11, 1, 3, 4, 5, 678),
  pid: 1234,
  tid: 1240,
  priority: 'I',
  tag: 'VirtTag',
  message: 'hello logcat',
};

function device() {
  const d = createVirtualAndroid({
    serial: 'virtual-5554',
    clock: { mode: 'manual', wallAtStartMs: ENTRY.timeMs, elapsedAtStartMs: 1000 },
  });
  d.logcat.clear();
  return d;
}

describe('logcat text formats (research 11: liblog logprint)', () => {
  it.each([
    ['brief', 'I/VirtTag ( 1234): hello logcat\n'],
    ['time', '12-01 03:04:05.678 I/VirtTag ( 1234): hello logcat\n'],
    ['threadtime', '12-01 03:04:05.678  1234  1240 I VirtTag : hello logcat\n'],
    ['tag', 'I/VirtTag : hello logcat\n'],
    ['process', 'I( 1234) hello logcat  (VirtTag)\n'],
    ['raw', 'hello logcat\n'],
  ] as const)('%s', (format, line) => {
    expect(formatEntry(ENTRY, format)).toBe(line);
  });

  it('repeats the prefix on every line of a multi-line message', () => {
    expect(formatEntry({ ...ENTRY, message: 'a\nb' }, 'tag')).toBe('I/VirtTag : a\nI/VirtTag : b\n');
  });

  it('the streamed bytes are the UTF-8 of the formatted text, in every format', () => {
    for (const message of ['hello logcat', 'a\nb\n', 'é€😀 line\nsecond', ''])
      for (const format of LOG_FORMATS) {
        const entry = { ...ENTRY, message };
        expect(formatEntryBytes(entry, format)).toEqual(Buffer.from(formatEntry(entry, format), 'utf8'));
      }
  });
});

describe('logcat command', () => {
  it('-d dumps with the buffer header in threadtime by default, then exits', async () => {
    const d = device();
    d.log('VirtTag', 'one', 'I', 1234);
    const r = await execShell(d, 'logcat -d');
    expect(r.output).toMatch(
      /^--------- beginning of main\n12-01 03:04:05\.678 {2}1234 {2}1234 I VirtTag : one\n$/,
    );
  });

  it('-c clears the buffer', async () => {
    const d = device();
    d.log('A', 'x');
    await execShell(d, 'logcat -c');
    expect((await execShell(d, 'logcat -d -v brief')).output).toBe('');
  });

  it('filters by TAG:P specs, *:S and -s', async () => {
    const d = device();
    d.log('Keep', 'debug', 'D');
    d.log('Keep', 'warn', 'W');
    d.log('Other', 'error', 'E');
    expect((await execShell(d, 'logcat -d -v tag Keep:W *:S')).output).toBe(
      '--------- beginning of main\nW/Keep    : warn\n',
    );
    expect((await execShell(d, 'logcat -d -v tag -s Other')).output).toContain('E/Other   : error\n');
    expect((await execShell(d, 'logcat -d -v tag *:E')).output).not.toContain('Keep');
  });

  it('-T n prints the last n lines then follows; -t time dumps since then', async () => {
    const d = device();
    for (const m of ['a', 'b', 'c']) d.log('T', m);
    const controller = new AbortController();
    const chunks: string[] = [];
    const streaming = execShell(d, "export ANDROID_LOG_TAGS=\"''\"; exec logcat '-v' 'raw' '-T' '1'", {
      signal: controller.signal,
      onStdout: (c) => {
        chunks.push(c.toString());
        if (c.toString() === 'c\n') d.log('T', 'live');
        if (c.toString() === 'live\n') controller.abort();
      },
    });
    const r = await streaming;
    expect(r.exitCode).toBe(0);
    expect(r.output).toBe('--------- beginning of main\nc\nlive\n');
    d.clock.advance(5000);
    d.log('T', 'later');
    expect((await execShell(d, "logcat -v raw -t '12-01 03:04:08.000'")).output).toBe(
      '--------- beginning of main\nlater\n',
    );
  });

  it('-B writes v4 binary records that adbkit-logcat parses (research 2.4)', async () => {
    const d = device();
    d.logcat.write({ tag: 'VirtTag', message: 'hello logcat', priority: 'I', pid: 1234, tid: 1240 });
    d.logcat.write({ tag: 'VirtTag', message: 'an error line', priority: 'E', pid: 1234 });
    d.logcat.write({ tag: 'Quiet', message: 'dropped by *:I', priority: 'D' });
    const r = await execShell(d, 'echo && logcat -B -d *:I 2>/dev/null');
    expect(r.stdout[0]).toBe(0x0a);
    expect(r.stdout.readUInt16LE(3)).toBe(28);
    const stream = new PassThrough();
    const reader = Logcat.readStream(stream, { fixLineFeeds: false });
    const entries: Array<{
      tag: string;
      message: string;
      priority: number;
      pid: number;
      tid: number;
      date: Date;
    }> = [];
    reader.on('entry', (e) => entries.push(e));
    stream.end(r.stdout.subarray(1));
    await new Promise((resolve) => setImmediate(resolve));
    expect(entries.map((e) => [e.priority, e.tag, e.pid, e.message])).toEqual([
      [4, 'VirtTag', 1234, 'hello logcat'],
      [6, 'VirtTag', 1234, 'an error line'],
    ]);
    expect(entries[0].tid).toBe(1240);
    expect(entries[0].date.getTime()).toBe(ENTRY.timeMs);
  });

  it('streams until the stream closes, and -m stops after n lines', async () => {
    const d = device();
    const r = execShell(d, 'logcat -v raw -m 2');
    d.log('S', 'first');
    d.log('S', 'second');
    d.log('S', 'third');
    expect((await r).output).toBe('--------- beginning of main\nfirst\nsecond\n');
  });

  it('cuts messages above the liblog payload limit', () => {
    const d = device();
    const entry = d.log('Big', 'x'.repeat(10_000));
    expect(Buffer.byteLength(entry.message)).toBe(MAX_PAYLOAD - 3 - 'Big'.length);
  });

  it('rejects an invalid option and a bad filter priority', async () => {
    const d = device();
    expect((await execShell(d, 'logcat -Q')).exitCode).toBe(1);
    expect((await execShell(d, 'logcat -d Tag:Z')).stderr).toContain('Invalid filter expression');
  });
});

describe('logcat faults', () => {
  it('drops matching lines', async () => {
    const d = device();
    d.logcat.setFaults({ drop: (e) => e.message.includes('secret') });
    d.log('F', 'keep');
    d.log('F', 'secret');
    expect((await execShell(d, 'logcat -d -v raw')).output).toBe('--------- beginning of main\nkeep\n');
  });

  it('holds lines while paused and delivers them in order on resume', async () => {
    const d = device();
    const seen: string[] = [];
    d.logcat.subscribe((e) => seen.push(e.message));
    d.logcat.setFaults({ paused: true });
    d.log('F', '1');
    d.log('F', '2');
    expect(seen).toEqual([]);
    d.logcat.setFaults({});
    expect(seen).toEqual(['1', '2']);
  });

  it('delays lines by the configured host time', async () => {
    const d = device();
    d.logcat.setFaults({ delayMs: 30 });
    const arrived = new Promise<number>((resolve) => d.logcat.subscribe(() => resolve(Date.now())));
    const sent = Date.now();
    d.log('F', 'late');
    expect(d.logcat.dump()).toEqual([]);
    expect((await arrived) - sent).toBeGreaterThanOrEqual(25);
  });
});
