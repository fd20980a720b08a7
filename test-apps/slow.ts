/**
 * A slow app for waits and settle warnings: content appears 1.5 s after the
 * screen starts, a banner pushes it down at 2.5 s (reflow), a box slides for
 * one second (animation, a new frame every 50 ms), and "Save" answers with a
 * toast after 800 ms. All timing runs on the device clock.
 */

import type { AppContext } from '../src/virtual-device/android/index.js';
import { button, column, defineApp, image, progress, text } from '../src/virtual-device/android/index.js';

interface SlowState {
  loaded: boolean;
  banner: boolean;
  slide: number;
  saved: boolean;
}

export const SLOW_TIMING = {
  loadMs: 1500,
  bannerMs: 2500,
  slideFrames: 20,
  frameMs: 50,
  saveMs: 800,
} as const;

function load(ctx: AppContext<SlowState>): void {
  ctx.set({ loaded: false, banner: false, slide: 0 });
  ctx.after(SLOW_TIMING.loadMs, (c) => {
    c.set({ loaded: true });
    const animation = c.every(SLOW_TIMING.frameMs, (a) => {
      a.set({ slide: a.state.slide + 1 });
      if (a.state.slide >= SLOW_TIMING.slideFrames) animation.cancel();
    });
  });
  ctx.after(SLOW_TIMING.bannerMs, (c) => c.set({ banner: true }));
}

export const slowApp = defineApp<SlowState>({
  packageName: 'com.droidproof.slow',
  label: 'Slow',
  versionName: '1.0.0',
  initialState: () => ({ loaded: false, banner: false, slide: 0, saved: false }),
  onScreenStart: (ctx, screen) => {
    if (screen === 'main') load(ctx);
  },
  screens: {
    main: (s) =>
      column([
        text('Slow app', { id: 'title', height: 64 }),
        ...(s.banner ? [text('Update available', { id: 'banner', height: 96, color: '#e37400' })] : []),
        ...(s.loaded
          ? [
              text('Results loaded', { id: 'status' }),
              image('Sliding box', { id: 'slider', height: 80, offsetX: s.slide * 10 }),
              ...['First result', 'Second result', 'Third result'].map((r) => text(r, { id: 'result' })),
            ]
          : [text('Loading…', { id: 'status' }), progress(0, 0, { id: 'spinner' })]),
        button('Refresh', load, { id: 'refresh' }),
        button(
          s.saved ? 'Saved' : 'Save',
          (ctx) =>
            ctx.after(SLOW_TIMING.saveMs, (c) => {
              c.set({ saved: true });
              c.toast('Saved');
            }),
          { id: 'save' },
        ),
      ]),
  },
});
