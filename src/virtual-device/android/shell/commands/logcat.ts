/**
 * `logcat`: `-c`, `-d`, `-t`/`-T <count|time>`, `-v <format>`, `-B`,
 * `-s`, `-m`, `--pid`, `-b` (one buffer, accepted), filter specs; streams until
 * the adb stream closes.
 */
import { isDroidproofError } from '../../../../contract/errors.js';
import type { LogEntry } from '../../logcat/entry.js';
import {
  encodeBinaryEntry,
  formatEntryBytes,
  isLogFormat,
  LogFilter,
  type LogFormat,
} from '../../logcat/format.js';
import { type CommandContext, type ShellCommand, untilAborted } from '../context.js';

interface LogcatOptions {
  clear: boolean;
  dump: boolean;
  binary: boolean;
  format: LogFormat;
  /** `-t`/`-T`: a count of recent lines or a start time (epoch ms). */
  tail?: { count: number } | { sinceMs: number };
  maxCount?: number;
  pid?: number;
  silent: boolean;
  specs: string[];
}

const VALUE_OPTIONS = new Set([
  '-v',
  '-t',
  '-T',
  '-b',
  '-m',
  '-e',
  '--pid',
  '-f',
  '-r',
  '-n',
  '-G',
  '--format',
  '--buffer',
]);

/** `-T` accepts a count, `MM-DD HH:MM:SS.mmm` (this year) or `epoch.seconds`. */
function parseTail(value: string, now: number): LogcatOptions['tail'] {
  if (/^\d+$/.test(value)) return { count: Number(value) };
  if (/^\d+\.\d+$/.test(value)) return { sinceMs: Math.round(Number(value) * 1000) };
  const match = /^(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)(?:\.(\d{1,3}))?$/.exec(value);
  if (!match) return undefined;
  const [, mo, d, h, mi, s, ms = '0'] = match;
  const year = new Date(now).getUTCFullYear();
  return {
    sinceMs: Date.UTC(
      year,
      Number(mo) - 1,
      Number(d),
      Number(h),
      Number(mi),
      Number(s),
      Number(ms.padEnd(3, '0')),
    ),
  };
}

function parseOptions(args: string[], now: number): LogcatOptions | string {
  const options: LogcatOptions = {
    clear: false,
    dump: false,
    binary: false,
    format: 'threadtime',
    silent: false,
    specs: [],
  };
  for (let i = 0; i < args.length; i++) {
    const [flag, inline] = args[i].startsWith('--') ? args[i].split('=', 2) : [args[i], undefined];
    const value = () => inline ?? args[++i] ?? '';
    if (flag === '-c' || flag === '--clear') options.clear = true;
    else if (flag === '-d') options.dump = true;
    else if (flag === '-B' || flag === '--binary') options.binary = true;
    else if (flag === '-s') options.silent = true;
    else if (flag === '-v' || flag === '--format') {
      const format = value();
      if (isLogFormat(format)) options.format = format;
      // Modifiers (`color`, `epoch`, `uid`, ...) are accepted and ignored.
    } else if (flag === '-t' || flag === '-T') {
      const tail = parseTail(value(), now);
      if (!tail) return `logcat: -${flag.slice(1)} "${args[i]}" not in time format`;
      options.tail = tail;
      if (flag === '-t') options.dump = true;
    } else if (flag === '-m') options.maxCount = Number(value());
    else if (flag === '--pid') options.pid = Number(value());
    else if (VALUE_OPTIONS.has(flag)) value();
    else if (flag.startsWith('-')) return `logcat: invalid option -- '${flag.replace(/^-+/, '')}'`;
    else options.specs.push(args[i]);
  }
  return options;
}

function initialEntries(entries: LogEntry[], options: LogcatOptions): LogEntry[] {
  const tail = options.tail;
  if (!tail) return entries;
  if ('count' in tail) return tail.count === 0 ? [] : entries.slice(-tail.count);
  return entries.filter((e) => e.timeMs >= tail.sinceMs);
}

const logcat: ShellCommand = async (ctx: CommandContext) => {
  const { device } = ctx;
  const options = parseOptions(ctx.args, device.clock.wallTime());
  if (typeof options === 'string') {
    ctx.stderr(`${options}\n`);
    return 1;
  }
  if (options.clear) {
    device.logcat.clear();
    return 0;
  }
  let filter: LogFilter;
  try {
    filter = new LogFilter(options.specs, options.silent);
  } catch (error) {
    if (!isDroidproofError(error)) throw error;
    ctx.stderr(`${error.message}\n`);
    return 1;
  }
  let remaining = options.maxCount ?? Number.POSITIVE_INFINITY;
  const done = new AbortController();
  let headerShown = options.binary;
  const emit = (entry: LogEntry) => {
    if (remaining <= 0 || !filter.accepts(entry) || (options.pid !== undefined && entry.pid !== options.pid))
      return;
    if (!headerShown) {
      ctx.stdout('--------- beginning of main\n');
      headerShown = true;
    }
    ctx.stdout(options.binary ? encodeBinaryEntry(entry) : formatEntryBytes(entry, options.format));
    if (--remaining <= 0) done.abort();
  };
  // Subscribe before dumping so a line written while the dump is being sent is not lost.
  let backlog: LogEntry[] | undefined = [];
  const unsubscribe = options.dump
    ? () => {}
    : device.logcat.subscribe((entry) => (backlog ? backlog.push(entry) : emit(entry)));
  for (const entry of initialEntries(device.logcat.dump(), options)) emit(entry);
  const live = backlog;
  backlog = undefined;
  for (const entry of live) emit(entry);
  if (options.dump || remaining <= 0) {
    unsubscribe();
    return 0;
  }
  try {
    await untilAborted(AbortSignal.any([ctx.signal, done.signal]));
  } finally {
    unsubscribe();
  }
  return 0;
};

export const LOGCAT_COMMANDS: Record<string, ShellCommand> = { logcat };
