/**
 * The frames an app process has drawn, as HWUI's JankTracker keeps them for
 * `dumpsys gfxinfo`: every UI update of the app is one frame that takes the
 * app's current frame time (6 ms unless the app says otherwise), aligned to
 * the 60 Hz vsync of the device clock. Statistics run since the process
 * started or the last `gfxinfo <pkg> reset`; the frame-by-frame history keeps
 * the last 120 frames, as `framestats` prints them.
 */

/** 60 Hz. */
export const FRAME_INTERVAL_NS = 16_666_666;
export const DEFAULT_FRAME_MS = 6;
const HISTORY = 120;

export interface RenderedFrame {
  /** HWUI flags: 1 = WindowLayoutChanged (the first frame of a window). */
  flags: number;
  intendedVsyncNs: number;
  durationNs: number;
}

export class FrameRecorder {
  /** Frames since the start or the last reset. */
  private sinceReset: RenderedFrame[] = [];
  private history: RenderedFrame[] = [];
  private statsSinceNs: number;
  private lastVsyncNs = -1;
  /** How long the app's next frames take (ms). */
  frameMs = DEFAULT_FRAME_MS;

  constructor(private readonly elapsedMs: () => number) {
    this.statsSinceNs = Math.round(elapsedMs() * 1e6);
  }

  /** One frame drawn now; a frame is never scheduled on a vsync already used. */
  record(flags = 0): void {
    const nowNs = Math.round(this.elapsedMs() * 1e6);
    let vsync = Math.floor(nowNs / FRAME_INTERVAL_NS) * FRAME_INTERVAL_NS;
    if (vsync <= this.lastVsyncNs) vsync = this.lastVsyncNs + FRAME_INTERVAL_NS;
    this.lastVsyncNs = vsync;
    const frame = { flags, intendedVsyncNs: vsync, durationNs: Math.round(this.frameMs * 1e6) };
    this.sinceReset.push(frame);
    this.history.push(frame);
    if (this.history.length > HISTORY) this.history.shift();
  }

  /** `dumpsys gfxinfo <pkg> reset`: statistics and history start again. */
  reset(): void {
    this.sinceReset = [];
    this.history = [];
    this.statsSinceNs = Math.round(this.elapsedMs() * 1e6);
  }

  get statsSince(): number {
    return this.statsSinceNs;
  }

  /** Frames the statistics cover. */
  counted(): readonly RenderedFrame[] {
    return this.sinceReset;
  }

  /** The last 120 frames, oldest first. */
  recent(): readonly RenderedFrame[] {
    return this.history;
  }
}
