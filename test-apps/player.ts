/**
 * A media player with one media session: it publishes playback reports every
 * second while playing, honours pause/play/seek 100 ms after dispatch, and can
 * replace its session or go temporarily inactive (seed 000).
 */

import type { AppContext, MediaSessionHandle } from '../src/virtual-device/android/index.js';
import { button, column, defineApp, row, text } from '../src/virtual-device/android/index.js';

export const TRACK = { title: 'Ocean Drive', artist: 'The Virtuals', durationMs: 215_000 };

interface PlayerState {
  session: MediaSessionHandle | undefined;
  sessions: number;
  active: boolean;
  playing: boolean;
}

function openSession(ctx: AppContext<PlayerState>, replace: boolean): void {
  const session = ctx.createMediaSession({
    ...TRACK,
    state: 'paused',
    positionMs: 0,
    supportedControls: ['play', 'pause', 'seek', 'stop'],
    reportIntervalMs: 1000,
    controlDelayMs: 100,
    replace,
  });
  ctx.set({ session, sessions: ctx.state.sessions + 1, active: true, playing: false });
}

export const playerApp = defineApp<PlayerState>({
  packageName: 'com.droidproof.player',
  label: 'Player',
  versionName: '5.0.2',
  initialState: () => ({ session: undefined, sessions: 0, active: false, playing: false }),
  onScreenStart: (ctx) => {
    if (!ctx.state.session) openSession(ctx, false);
  },
  screens: {
    main: (s) =>
      column([
        text(TRACK.title, { id: 'track_title', height: 64 }),
        text(TRACK.artist, { id: 'track_artist' }),
        text(s.active ? 'Session active' : 'Session inactive', { id: 'session_state' }),
        row([
          button(
            s.playing ? 'Pause' : 'Play',
            (ctx) => {
              const playing = !ctx.state.playing;
              ctx.state.session?.setPlayback(playing ? 'playing' : 'paused');
              ctx.set({ playing });
            },
            { id: 'play_pause' },
          ),
          button('Replace session', (ctx) => openSession(ctx, true), { id: 'replace' }),
        ]),
        button(
          s.active ? 'Go inactive' : 'Reactivate',
          (ctx) => {
            const active = !ctx.state.active;
            ctx.state.session?.setActive(active);
            ctx.set({ active });
          },
          { id: 'toggle_active' },
        ),
      ]),
  },
});
