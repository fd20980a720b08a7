/** One logcat entry and the priority letters and numbers of liblog. */

export type LogPriority = 'V' | 'D' | 'I' | 'W' | 'E' | 'F';

export interface LogEntry {
  /** Wall-clock epoch ms. */
  timeMs: number;
  pid: number;
  tid: number;
  priority: LogPriority;
  tag: string;
  message: string;
}

/** liblog's numeric priorities (`ANDROID_LOG_VERBOSE` = 2 … `ANDROID_LOG_FATAL` = 7). */
export const PRIORITY_NUMBER: Record<LogPriority, number> = { V: 2, D: 3, I: 4, W: 5, E: 6, F: 7 };

export function isLogPriority(value: string): value is LogPriority {
  return value in PRIORITY_NUMBER;
}
