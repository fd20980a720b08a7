/**
 * The logcat excerpt of a bundle: the test's time window, the app's lines first
 * so the reader sees its own process before the system noise.
 */

/** `threadtime` format: `MM-DD HH:MM:SS.mmm  PID  TID L Tag: message`. */
const THREADTIME_PID = /^\d\d-\d\d\s+\d\d:\d\d:\d\d\.\d+\s+(\d+)\s+\d+\s/;

export interface LogcatOrdering {
  applicationId?: string;
  processIds?: readonly number[];
}

const OPERATOR_RESULT = /\[(Andro|Claw)perator-Result(-Chunk)?\]/;

/** ActivityManager's `Start proc 4242:com.example.app/u0a1` announces an app's pid. */
const START_PROC = /Start proc (\d+):([\w.]+)/;

function announcedPids(lines: readonly string[], applicationId: string | undefined): number[] {
  if (!applicationId) return [];
  return lines.flatMap((line) => {
    const m = START_PROC.exec(line);
    return m && m[2] === applicationId ? [Number(m[1])] : [];
  });
}

/**
 * Splits lines into the app's (by pid, given or announced by ActivityManager in
 * the window, or mentioning its application id) and the rest, app first.
 */
export function orderLogcat(text: string, app: LogcatOrdering): string {
  const all = text.split('\n').filter((line) => line.length > 0);
  // The Operator's result lines are droidproof's own transport (already in timeline.json), not app evidence.
  const lines = all.filter((line) => !OPERATOR_RESULT.test(line));
  const omitted = all.length - lines.length;
  const note = omitted > 0 ? [`--------- ${omitted} Operator result lines omitted (see timeline.json)`] : [];
  if (!app.applicationId && !app.processIds?.length)
    return [...note, ...lines, ''].join('\n').replace(/^\n$/, '');
  const pids = new Set([...(app.processIds ?? []), ...announcedPids(lines, app.applicationId)]);
  const own: string[] = [];
  const rest: string[] = [];
  for (const line of lines) {
    const pid = THREADTIME_PID.exec(line)?.[1];
    const isApp =
      (pid !== undefined && pids.has(Number(pid))) ||
      (app.applicationId !== undefined && line.includes(app.applicationId));
    (isApp ? own : rest).push(line);
  }
  const name = app.applicationId ?? `pids ${[...pids].join(',')}`;
  return [
    ...note,
    `--------- ${name}: ${own.length} lines`,
    ...own,
    `--------- everything else: ${rest.length} lines`,
    ...rest,
    '',
  ].join('\n');
}
