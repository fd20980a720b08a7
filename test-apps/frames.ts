/**
 * An app that draws animation frames on demand, for frame statistics: each
 * "Animate" runs 30 frames one vsync apart on the device clock; "Animate with
 * jank" makes every third of them take 48 ms (three vsyncs) instead of 6 ms,
 * so `dumpsys gfxinfo` reports 10 janky frames out of the 31 drawn (the click
 * draws one too). Its cold start takes 250 ms (`am start -W` TotalTime).
 */

import type { AppContext } from '../src/virtual-device/android/index.js';
import { button, column, defineApp, image, text } from '../src/virtual-device/android/index.js';

interface FramesState {
  tick: number;
  running: boolean;
  runs: number;
}

export const FRAMES_TIMING = {
  frames: 30,
  intervalMs: 17,
  smoothMs: 6,
  jankMs: 48,
  /** Every `jankEvery`-th frame is slow in the janky run. */
  jankEvery: 3,
  startupMs: 250,
} as const;

function animate(ctx: AppContext<FramesState>, jank: boolean): void {
  ctx.setFrameTime(FRAMES_TIMING.smoothMs);
  ctx.set({ tick: 0, running: true });
  const timer = ctx.every(FRAMES_TIMING.intervalMs, (c) => {
    const tick = c.state.tick + 1;
    const slow = jank && tick % FRAMES_TIMING.jankEvery === 0;
    c.setFrameTime(slow ? FRAMES_TIMING.jankMs : FRAMES_TIMING.smoothMs);
    if (tick >= FRAMES_TIMING.frames) {
      timer.cancel();
      c.set({ tick, running: false, runs: c.state.runs + 1 });
    } else c.set({ tick });
  });
}

export const framesApp = defineApp<FramesState>({
  packageName: 'com.droidproof.frames',
  label: 'Frames',
  versionName: '1.0.0',
  startupMs: FRAMES_TIMING.startupMs,
  initialState: () => ({ tick: 0, running: false, runs: 0 }),
  screens: {
    main: (s) =>
      column([
        text('Frames', { id: 'title', height: 64 }),
        image('Moving box', { id: 'box', height: 80, offsetX: (s.tick % 10) * 8 }),
        text(s.running ? `Frame ${s.tick}` : s.runs > 0 ? `Animation done (${s.runs})` : 'Idle', {
          id: 'status',
        }),
        button('Animate', (ctx) => animate(ctx, false), { id: 'animate' }),
        button('Animate with jank', (ctx) => animate(ctx, true), { id: 'animate_jank' }),
      ]),
  },
});
