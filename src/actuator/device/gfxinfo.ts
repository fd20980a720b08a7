/**
 * Parses `dumpsys gfxinfo <pkg> framestats`: the process summary (frame
 * counts and percentiles) and the `---PROFILEDATA---` CSV blocks, read by
 * their header row so every Android layout works (Android 6-11 start
 * `Flags,IntendedVsync,Vsync,OldestInputEvent,...`; 12+ add
 * `FrameTimelineVsyncId` and `FrameDeadline`; 13 `FrameInterval`; 14
 * `CommandSubmissionCompleted`). Pure.
 *
 * Frame statistics follow the Android documentation for framestats: only rows
 * with `Flags` 0 count (others are expected outliers such as a window's first
 * layout), a frame's time is `FrameCompleted - IntendedVsync`, and a frame is
 * janky when it completes after its deadline (`FrameDeadline` where the row
 * has it, else one 60 Hz interval).
 */
import { DroidproofError } from '../../contract/errors.js';

const NS_PER_MS = 1e6;
const DEFAULT_INTERVAL_NS = 16_666_667;

export interface FrameTiming {
  flags: number;
  intendedVsyncNs: number;
  frameCompletedNs: number;
  /** `FrameCompleted - IntendedVsync` in ms. */
  durationMs: number;
  /** The frame's budget in ms (`FrameDeadline - IntendedVsync`, or 16.67). */
  deadlineMs: number;
}

/** The summary lines HWUI prints (null where the dump has no such line). */
export interface GfxSummary {
  totalFrames: number | null;
  jankyFrames: number | null;
  p50Ms: number | null;
  p90Ms: number | null;
  p95Ms: number | null;
  p99Ms: number | null;
}

export interface FrameStats {
  packageName: string;
  /** Frames counted (Flags 0, from the PROFILEDATA rows). */
  frameCount: number;
  jankyFrames: number;
  /** Janky frames as a percentage of the counted frames (0 with no frames). */
  jankPercent: number;
  /** Nearest-rank percentiles of the frame times in ms (0 with no frames). */
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
  frames: FrameTiming[];
  /** What the dump's own summary says (since the process start or the last reset). */
  summary: GfxSummary;
}

function intLine(text: string, label: string): number | null {
  const match = new RegExp(`^\\s*${label}:\\s*(\\d+)`, 'm').exec(text);
  return match ? Number(match[1]) : null;
}

/** The summary of the process section (before "Profile data"), so a window's repeat is not read instead. */
export function parseGfxSummary(text: string): GfxSummary {
  const head = text.split(/^Profile data in ms:/m)[0];
  const pct = (p: number) => {
    const match = new RegExp(`^\\s*${p}th percentile:\\s*(\\d+)ms`, 'm').exec(head);
    return match ? Number(match[1]) : null;
  };
  return {
    totalFrames: intLine(head, 'Total frames rendered'),
    jankyFrames: intLine(head, 'Janky frames'),
    p50Ms: pct(50),
    p90Ms: pct(90),
    p95Ms: pct(95),
    p99Ms: pct(99),
  };
}

/** Every row of every PROFILEDATA block (all windows), as column → value. */
export function parseProfileData(text: string): Array<Record<string, number>> {
  const rows: Array<Record<string, number>> = [];
  const blocks = text.split('---PROFILEDATA---');
  // Blocks sit between pairs of markers: odd indexes.
  for (let i = 1; i < blocks.length; i += 2) {
    const lines = blocks[i]
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    const header = lines[0]?.split(',').filter(Boolean) ?? [];
    if (header[0] !== 'Flags') continue;
    for (const line of lines.slice(1)) {
      const cells = line.split(',').filter((c) => c !== '');
      if (cells.length < header.length || !cells.every((c) => /^-?\d+$/.test(c))) continue;
      rows.push(Object.fromEntries(header.map((name, k) => [name, Number(cells[k])])));
    }
  }
  return rows;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Frame statistics of one `dumpsys gfxinfo <pkg> framestats` output; see the module doc. */
export function parseFrameStats(text: string, packageName: string): FrameStats {
  if (/^No process found for:/m.test(text)) {
    throw new DroidproofError('METRICS_UNAVAILABLE', `dumpsys gfxinfo: no process found for ${packageName}`, {
      packageName,
    });
  }
  const summary = parseGfxSummary(text);
  if (summary.totalFrames === null && !text.includes('---PROFILEDATA---')) {
    throw new DroidproofError(
      'METRICS_UNAVAILABLE',
      `dumpsys gfxinfo printed no frame data for ${packageName}`,
      { packageName, output: text.slice(0, 500) },
    );
  }
  const frames: FrameTiming[] = [];
  for (const row of parseProfileData(text)) {
    const iv = row.IntendedVsync;
    const done = row.FrameCompleted;
    if (row.Flags !== 0 || !(iv > 0) || !(done >= iv)) continue;
    const deadline = row.FrameDeadline;
    // FrameDeadline is INT64_MAX when unset.
    const budgetNs = deadline > iv && deadline - iv < 1e10 ? deadline - iv : DEFAULT_INTERVAL_NS;
    frames.push({
      flags: row.Flags,
      intendedVsyncNs: iv,
      frameCompletedNs: done,
      durationMs: (done - iv) / NS_PER_MS,
      deadlineMs: budgetNs / NS_PER_MS,
    });
  }
  const sorted = frames.map((f) => f.durationMs).sort((a, b) => a - b);
  const jankyFrames = frames.filter((f) => f.durationMs > f.deadlineMs).length;
  return {
    packageName,
    frameCount: frames.length,
    jankyFrames,
    jankPercent: frames.length === 0 ? 0 : round2((100 * jankyFrames) / frames.length),
    p50Ms: round2(percentile(sorted, 50)),
    p90Ms: round2(percentile(sorted, 90)),
    p99Ms: round2(percentile(sorted, 99)),
    maxMs: round2(sorted.at(-1) ?? 0),
    frames,
    summary,
  };
}

export interface LaunchTiming {
  /** `LaunchState` (COLD, WARM, HOT) when printed (Android 10+). */
  launchState: string | null;
  /** `TotalTime` in ms: from the intent to the first frame of the launched activity. */
  totalTimeMs: number;
  /** `WaitTime` in ms, when printed. */
  waitTimeMs: number | null;
  activity: string | null;
}

/** Parses `am start -W` output; throws METRICS_UNAVAILABLE when it reports no TotalTime (an error or no launch). */
export function parseAmStartWait(text: string): LaunchTiming {
  const total = /^TotalTime:\s*(\d+)/m.exec(text);
  const status = /^Status:\s*(\S+)/m.exec(text)?.[1];
  if (!total || (status !== undefined && status !== 'ok')) {
    const error = /^Error:\s*(.*)$/m.exec(text)?.[1];
    throw new DroidproofError(
      'METRICS_UNAVAILABLE',
      `am start -W reported no launch time${error ? `: ${error}` : status ? ` (Status: ${status})` : ''}`,
      { output: text.slice(0, 500) },
    );
  }
  const wait = /^WaitTime:\s*(\d+)/m.exec(text);
  return {
    launchState: /^LaunchState:\s*(\S+)/m.exec(text)?.[1] ?? null,
    totalTimeMs: Number(total[1]),
    waitTimeMs: wait ? Number(wait[1]) : null,
    activity: /^Activity:\s*(\S+)/m.exec(text)?.[1] ?? null,
  };
}
