/**
 * Notices the Operator's process dying while a result is awaited. Android
 * logs an uncaught exception as `AndroidRuntime` error lines: `FATAL
 * EXCEPTION: <thread>`, then `Process: <package>, PID: <pid>`, then the stack.
 * Once the Process line names the Operator, no result can come from that
 * process, so the wait ends at once instead of running out its timeout; the
 * crash lines (header and stack) travel in the error.
 */
import type { LogcatReader } from './logcat-reader.js';

export interface OperatorCrash {
  pid: number;
  /** The crash as logged, header and stack, in logcat's own format. */
  lines: string[];
}

export interface CrashWatch {
  readonly crashed: Promise<OperatorCrash>;
  stop(): void;
}

/** `threadtime` (`date time pid tid P tag: msg`) and `brief` (`P/tag( pid): msg`) lines of AndroidRuntime errors. */
const RUNTIME_ERROR = /(?:\s(\d+)\s+\d+\s+E\s+AndroidRuntime\s*:|^E\/AndroidRuntime\(\s*(\d+)\)\s*:)\s?(.*)$/;
/** A stack is logged in one burst; this long without another line of it ends the collection. */
const STACK_QUIET_MS = 150;
const MAX_CRASH_LINES = 60;

export function watchOperatorCrash(
  reader: Pick<LogcatReader, 'onLine'>,
  operatorPackage: string,
): CrashWatch {
  let resolve!: (crash: OperatorCrash) => void;
  const crashed = new Promise<OperatorCrash>((r) => {
    resolve = r;
  });
  let header: string | undefined;
  let crash: { pid: number; lines: string[] } | undefined;
  let quiet: NodeJS.Timeout | undefined;
  const finish = () => {
    clearTimeout(quiet);
    off();
    if (crash) resolve(crash);
  };
  const off = reader.onLine((line) => {
    // The regex scans a whole line; result chunks are long base64 lines, so look for the tag first.
    const match = line.includes('AndroidRuntime') ? RUNTIME_ERROR.exec(line) : null;
    const pid = match ? Number(match[1] ?? match[2]) : undefined;
    const message = match?.[3] ?? '';
    if (crash) {
      if (pid !== crash.pid || crash.lines.length >= MAX_CRASH_LINES) return finish();
      crash.lines.push(line);
      clearTimeout(quiet);
      quiet = setTimeout(finish, STACK_QUIET_MS);
      return;
    }
    if (message.startsWith('FATAL EXCEPTION:')) {
      header = line;
      return;
    }
    const process = /^Process: ([\w.]+), PID: (\d+)/.exec(message);
    if (header && process && process[1] === operatorPackage) {
      crash = { pid: Number(process[2]), lines: [header, line] };
      quiet = setTimeout(finish, STACK_QUIET_MS);
    } else if (match) header = undefined;
  });
  return {
    crashed,
    stop: () => {
      clearTimeout(quiet);
      off();
    },
  };
}
