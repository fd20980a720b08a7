import { describe, expect, it } from 'vitest';
import { VirtualClock } from './clock.js';
import { type MediaEvent, MediaSessionManager } from './media.js';

function setup() {
  const clock = new VirtualClock({ mode: 'manual', elapsedAtStartMs: 10_000 });
  const media = new MediaSessionManager(clock);
  const reports: Extract<MediaEvent, { type: 'report' }>[] = [];
  media.subscribe((e) => {
    if (e.type === 'report') reports.push(e);
  });
  return { clock, media, reports };
}

describe('MediaSessionManager (seed 000)', () => {
  it('lists active sessions per package with metadata and supported controls', () => {
    const { media } = setup();
    const handle = media.create('com.p', { title: 'Song', artist: 'A', durationMs: 100_000 });
    expect(media.list('com.p')).toEqual([
      expect.objectContaining({
        sessionId: handle.sessionId,
        packageName: 'com.p',
        supportedControls: ['play', 'pause', 'seek'],
        metadata: { title: 'Song', artist: 'A', durationMs: 100_000 },
        playbackType: 'local',
      }),
    ]);
    expect(media.list('com.other')).toEqual([]);
  });

  it('publishes reports on the player schedule while playing, with the player timestamp', () => {
    const { clock, media, reports } = setup();
    media.create('com.p', { state: 'playing', reportIntervalMs: 1000 });
    clock.advance(2500);
    expect(reports.map((r) => r.report.updatedElapsedMs)).toEqual([10_000, 11_000, 12_000]);
    expect(reports[2].report.positionMs).toBe(2000);
  });

  it('a platform query extrapolates position and replaces the timestamp (seed 000: platform_query)', () => {
    const { clock, media } = setup();
    const handle = media.create('com.p', {
      state: 'playing',
      reportIntervalMs: null,
      speed: 2,
      durationMs: 5000,
    });
    clock.advance(1000);
    expect(media.queryPlaybackState(handle.sessionId)).toMatchObject({
      positionMs: 2000,
      updatedElapsedMs: 11_000,
      speed: 2,
    });
    clock.advance(10_000);
    expect(media.queryPlaybackState(handle.sessionId)!.positionMs).toBe(5000);
  });

  it('honours pause after the control delay, and ignores controls it is told to ignore', () => {
    const { clock, media, reports } = setup();
    const handle = media.create('com.p', { state: 'playing', controlDelayMs: 200, reportIntervalMs: null });
    expect(media.dispatch(handle.sessionId, 'pause')).toBe(true);
    clock.advance(100);
    expect(reports.at(-1)!.report.state).toBe('playing');
    clock.advance(150);
    expect(reports.at(-1)!.report).toMatchObject({
      state: 'paused',
      positionMs: 200,
      updatedElapsedMs: 10_200,
    });
    const stubborn = media.create('com.q', { state: 'paused', ignoreControls: ['play'] });
    const count = reports.length;
    media.dispatch(stubborn.sessionId, 'play');
    clock.advance(1000);
    expect(reports.length).toBe(count);
  });

  it('seek moves the reported position', () => {
    const { clock, media, reports } = setup();
    const handle = media.create('com.p', { state: 'paused', controlDelayMs: 10 });
    media.dispatch(handle.sessionId, 'seek', 42_000);
    clock.advance(10);
    expect(reports.at(-1)!.report).toMatchObject({ state: 'paused', positionMs: 42_000 });
  });

  it('a replacement session gets a new id and the old one ends (seed 000: no inherited handle)', () => {
    const { media } = setup();
    const first = media.create('com.p', {});
    const second = media.create('com.p', { replace: true });
    expect(second.sessionId).not.toBe(first.sessionId);
    expect(media.get(first.sessionId)!.released).toBe(true);
    expect(media.list('com.p').map((s) => s.sessionId)).toEqual([second.sessionId]);
    expect(media.dispatch(first.sessionId, 'play')).toBe(false);
  });

  it('a temporarily inactive session is not listed, cannot be controlled, and comes back with the same id', () => {
    const { media, reports } = setup();
    const handle = media.create('com.p', { state: 'paused' });
    const before = reports.length;
    handle.setActive(false);
    expect(media.list()).toEqual([]);
    expect(media.dispatch(handle.sessionId, 'play')).toBe(false);
    expect(media.queryPlaybackState(handle.sessionId)).toBeUndefined();
    handle.setActive(true);
    expect(media.list().map((s) => s.sessionId)).toEqual([handle.sessionId]);
    expect(reports.length).toBe(before);
  });

  it('reports buffered position ahead of the position and the playback type', () => {
    const { media } = setup();
    const handle = media.create('com.p', {
      state: 'paused',
      positionMs: 1000,
      bufferedAheadMs: 3000,
      playbackType: 'remote',
    });
    expect(media.queryPlaybackState(handle.sessionId)!.bufferedPositionMs).toBe(4000);
    expect(media.get(handle.sessionId)!.playbackType).toBe('remote');
  });
});
