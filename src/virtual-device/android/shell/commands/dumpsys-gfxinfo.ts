/**
 * `dumpsys gfxinfo <pkg> [framestats|reset]` in the layout of Android 12+
 * (the frame counts, percentiles, histogram, and with `framestats` one
 * `---PROFILEDATA---` block per window whose CSV columns are HWUI's
 * `FrameInfoNames` for the device's API level, each line ending in a comma).
 * `reset` prints the dump, then starts the statistics again.
 */
import type { FrameRecorder, RenderedFrame } from '../../app/frames.js';
import { FRAME_INTERVAL_NS } from '../../app/frames.js';
import type { VirtualAndroid } from '../../device.js';
import { identityHash as hash } from './identity-hash.js';

/** HWUI's FrameInfoNames on Android 13 (API 33); Android 14 appends CommandSubmissionCompleted. */
const COLUMNS_33 = [
  'Flags',
  'FrameTimelineVsyncId',
  'IntendedVsync',
  'Vsync',
  'InputEventId',
  'HandleInputStart',
  'AnimationStart',
  'PerformTraversalsStart',
  'DrawStart',
  'FrameDeadline',
  'FrameInterval',
  'FrameStartTime',
  'SyncQueued',
  'SyncStart',
  'IssueDrawCommandsStart',
  'SwapBuffers',
  'FrameCompleted',
  'DequeueBufferDuration',
  'QueueBufferDuration',
  'GpuCompleted',
  'SwapBuffersCompleted',
  'DisplayPresentTime',
] as const;

function columnsFor(sdk: number): readonly string[] {
  return sdk >= 34 ? [...COLUMNS_33, 'CommandSubmissionCompleted'] : COLUMNS_33;
}

/** The histogram buckets HWUI prints (ms): 5..32 by 1, 34..48 by 2, 53..148 by 5, 150..4950 by 50. */
const BUCKETS: number[] = [
  ...Array.from({ length: 28 }, (_, i) => 5 + i),
  ...Array.from({ length: 8 }, (_, i) => 34 + i * 2),
  ...Array.from({ length: 20 }, (_, i) => 53 + i * 5),
  ...Array.from({ length: 97 }, (_, i) => 150 + i * 50),
];

const janky = (f: RenderedFrame) => f.durationNs > FRAME_INTERVAL_NS;

function percentileMs(sortedMs: number[], p: number): number {
  if (sortedMs.length === 0) return 0;
  return sortedMs[Math.min(sortedMs.length - 1, Math.ceil((p / 100) * sortedMs.length) - 1)];
}

function bucketOf(ms: number): number {
  return BUCKETS.find((b) => ms <= b) ?? BUCKETS[BUCKETS.length - 1];
}

function percent(n: number, total: number): string {
  return `${total === 0 ? '0.00' : ((100 * n) / total).toFixed(2)}%`;
}

/** The summary HWUI prints for a process (and again per window). */
function summary(frames: readonly RenderedFrame[], sinceNs: number): string {
  const total = frames.length;
  const jank = frames.filter(janky).length;
  const ms = frames.map((f) => Math.ceil(f.durationNs / 1e6)).sort((a, b) => a - b);
  const counts = new Map<number, number>();
  for (const m of ms) counts.set(bucketOf(m), (counts.get(bucketOf(m)) ?? 0) + 1);
  const histogram = BUCKETS.map((b) => `${b}ms=${counts.get(b) ?? 0}`).join(' ');
  const gpu = ms.map((m) => Math.max(1, Math.round(m / 3)));
  return (
    `Stats since: ${sinceNs}ns\n` +
    `Total frames rendered: ${total}\n` +
    `Janky frames: ${jank} (${percent(jank, total)})\n` +
    `Janky frames (legacy): ${jank} (${percent(jank, total)})\n` +
    [50, 90, 95, 99].map((p) => `${p}th percentile: ${percentileMs(ms, p)}ms\n`).join('') +
    `Number Missed Vsync: ${jank}\nNumber High input latency: 0\nNumber Slow UI thread: ${jank}\n` +
    `Number Slow bitmap uploads: 0\nNumber Slow issue draw commands: 0\n` +
    `Number Frame deadline missed: ${jank}\nNumber Frame deadline missed (legacy): ${jank}\n` +
    `HISTOGRAM: ${histogram}\n` +
    [50, 90, 95, 99].map((p) => `${p}th gpu percentile: ${percentileMs(gpu, p)}ms\n`).join('') +
    `GPU HISTOGRAM: ${Array.from({ length: 25 }, (_, i) => `${i + 1}ms=${gpu.filter((g) => g === i + 1).length}`).join(' ')}\n`
  );
}

/** One PROFILEDATA row: the frame's phases laid out in order inside its duration. */
function profileRow(frame: RenderedFrame, columns: readonly string[], vsyncId: number): string {
  const iv = frame.intendedVsyncNs;
  const d = frame.durationNs;
  const at = (fraction: number) => iv + Math.round(d * fraction);
  const values: Record<string, number> = {
    Flags: frame.flags,
    FrameTimelineVsyncId: vsyncId,
    IntendedVsync: iv,
    Vsync: iv,
    InputEventId: 0,
    HandleInputStart: at(0.02),
    AnimationStart: at(0.04),
    PerformTraversalsStart: at(0.06),
    DrawStart: at(0.3),
    FrameDeadline: iv + FRAME_INTERVAL_NS,
    FrameInterval: FRAME_INTERVAL_NS,
    FrameStartTime: iv,
    SyncQueued: at(0.5),
    SyncStart: at(0.52),
    IssueDrawCommandsStart: at(0.55),
    SwapBuffers: at(0.9),
    FrameCompleted: iv + d,
    DequeueBufferDuration: 40_000,
    QueueBufferDuration: 90_000,
    GpuCompleted: at(0.95),
    SwapBuffersCompleted: at(0.97),
    DisplayPresentTime: 0,
    CommandSubmissionCompleted: at(0.92),
  };
  return `${columns.map((c) => values[c] ?? 0).join(',')},\n`;
}

function profileData(frames: FrameRecorder, sdk: number): string {
  const columns = columnsFor(sdk);
  const rows = frames
    .recent()
    .map((f) => profileRow(f, columns, Math.round(f.intendedVsyncNs / FRAME_INTERVAL_NS)));
  return `---PROFILEDATA---\n${columns.join(',')},\n${rows.join('')}---PROFILEDATA---\n`;
}

export function dumpGfxinfo(device: VirtualAndroid, args: string[]): string {
  const [packageName = '', option] = args;
  const uptime = Math.round(device.clock.elapsedRealtime());
  const head = `Applications Graphics Acceleration Info:\nUptime: ${uptime} Realtime: ${uptime}\n`;
  const app = device.activities.app(packageName);
  const pid = device.activities.pidOf(packageName);
  if (!app || pid === undefined) return `${head}No process found for: ${packageName}\n`;
  const frames = app.frames;
  const record = device.activities
    .recentTasks()
    .find((t) => t.packageName === packageName)
    ?.activities.at(-1);
  const window = record ? `${packageName}/${record.className}` : packageName;
  const root = `${window}/android.view.ViewRootImpl@${hash(record?.token ?? pid)}`;
  const sdk = Number(device.props.get('ro.build.version.sdk') ?? 34);
  const stats = summary(frames.counted(), frames.statsSince);
  const out =
    `${head}\n** Graphics info for pid ${pid} [${packageName}] **\n\n${stats}\n` +
    'Pipeline=Skia (OpenGL)\nCPU Caches:\nGPU Caches:\n\nProfile data in ms:\n\n' +
    `\t${root} (visibility=0)\nWindow: ${window}\n${stats}\n` +
    (option === 'framestats' ? profileData(frames, sdk) : '') +
    `\nView hierarchy:\n\n  ${root}\n  ${12 + (record?.token ?? 0)} views, 23.45 kB of render nodes\n\n\n` +
    'Total ViewRootImpl   : 1\nTotal attached Views : 12\nTotal RenderNode     : 23.45 kB (used) / 40.00 kB (capacity)\n\n';
  if (option === 'reset') frames.reset();
  return out;
}
