/**
 * MediaSessionManager and the players behind the sessions (seed 000).
 *
 * A session belongs to a package and has a platform `sessionId` that never
 * carries over to a replacement session. The player publishes playback-state
 * reports on its own schedule (on changes, and every `reportIntervalMs` while
 * playing); controllers subscribed to a session receive them. A platform query
 * (`queryPlaybackState`) extrapolates the position and replaces the timestamp,
 * as `MediaController.getPlaybackState()` may. Transport controls are honoured
 * after `controlDelayMs`, or ignored per control.
 */
import type { TimerHandle, VirtualClock } from './clock.js';
import { Emitter } from './emitter.js';

export type PlaybackStateName =
  | 'none'
  | 'stopped'
  | 'paused'
  | 'playing'
  | 'fast_forwarding'
  | 'rewinding'
  | 'buffering'
  | 'error'
  | 'connecting';

export type MediaControl = 'play' | 'pause' | 'seek' | 'stop' | 'skip_next' | 'skip_previous';

/** One `PlaybackState` the player published. */
export interface PlaybackReport {
  /** null: the player published a null state. */
  state: PlaybackStateName | null;
  positionMs: number;
  /** The player's own update timestamp (elapsed realtime); may be 0 or in the future if the player says so. */
  updatedElapsedMs: number;
  speed: number;
  bufferedPositionMs: number;
}

export interface MediaMetadata {
  title: string | null;
  artist: string | null;
  durationMs: number | null;
}

export interface MediaSessionSpec {
  title?: string | null;
  artist?: string | null;
  durationMs?: number | null;
  state?: PlaybackStateName;
  positionMs?: number;
  speed?: number;
  supportedControls?: MediaControl[];
  playbackType?: 'local' | 'remote';
  /** While playing, publish a report this often; null publishes only on changes. Default 1000. */
  reportIntervalMs?: number | null;
  /** Controls take effect this long after dispatch. Default 50. */
  controlDelayMs?: number;
  /** Controls the player accepts but never acts on. */
  ignoreControls?: MediaControl[];
  /** Buffered position runs this far ahead of the position. Default 5000. */
  bufferedAheadMs?: number;
  /** Release the package's previous sessions first (a replacement session). */
  replace?: boolean;
}

/** A session as the platform lists it. */
export interface MediaSessionInfo {
  sessionId: string;
  packageName: string;
  active: boolean;
  released: boolean;
  playbackType: 'local' | 'remote';
  supportedControls: MediaControl[];
  metadata: MediaMetadata;
  /** Reports published so far (callbacks are only delivered to subscribers present at the time). */
  publishedReports: number;
}

/** The app-side handle of one session. */
export interface MediaSessionHandle {
  readonly sessionId: string;
  /** Changes the player's state and publishes a report. */
  setPlayback(state: PlaybackStateName, positionMs?: number): void;
  setMetadata(metadata: Partial<MediaMetadata>): void;
  /** Publishes a report of the current state without changing it. */
  publish(override?: Partial<PlaybackReport>): void;
  /** Temporarily inactive sessions are not listed; reactivating keeps the same session. */
  setActive(active: boolean): void;
  release(): void;
}

export type MediaEvent =
  | { type: 'sessions' }
  | {
      type: 'report';
      sessionId: string;
      report: PlaybackReport;
      /** When the callback reached the controllers (elapsed realtime). */
      receivedElapsedMs: number;
      /** 1 for the session's first published report, then +1 per report. */
      sequence: number;
    };

class Player {
  state: PlaybackStateName;
  positionAtUpdate: number;
  updatedAt: number;
  speed: number;
  reportTimer: TimerHandle | undefined;

  constructor(
    readonly spec: MediaSessionSpec,
    now: number,
  ) {
    this.state = spec.state ?? 'paused';
    this.positionAtUpdate = spec.positionMs ?? 0;
    this.updatedAt = now;
    this.speed = spec.speed ?? 1;
  }

  advancing(): boolean {
    return this.state === 'playing' || this.state === 'fast_forwarding';
  }

  positionAt(now: number, durationMs: number | null): number {
    const moved = this.advancing() ? (now - this.updatedAt) * this.speed : 0;
    const position = Math.max(0, this.positionAtUpdate + moved);
    return durationMs !== null && durationMs >= 0 ? Math.min(position, durationMs) : position;
  }
}

interface SessionRecord {
  info: MediaSessionInfo;
  player: Player;
}

export class MediaSessionManager {
  private readonly sessions = new Map<string, SessionRecord>();
  private readonly events = new Emitter<MediaEvent>();
  private nextId = 1;

  constructor(private readonly clock: VirtualClock) {}

  /** Creates a session for `packageName` and publishes its first report. */
  create(packageName: string, spec: MediaSessionSpec): MediaSessionHandle {
    if (spec.replace) this.releaseAll(packageName);
    const sessionId = `session-${this.nextId++}`;
    const record: SessionRecord = {
      info: {
        sessionId,
        packageName,
        active: true,
        released: false,
        playbackType: spec.playbackType ?? 'local',
        supportedControls: spec.supportedControls ?? ['play', 'pause', 'seek'],
        metadata: {
          title: spec.title ?? null,
          artist: spec.artist ?? null,
          durationMs: spec.durationMs ?? null,
        },
        publishedReports: 0,
      },
      player: new Player(spec, this.clock.elapsedRealtime()),
    };
    this.sessions.set(sessionId, record);
    this.events.emit({ type: 'sessions' });
    this.changed(record);
    return this.handle(record);
  }

  /** Active, unreleased sessions (what `getActiveSessions()` lists), optionally of one package. */
  list(packageName?: string): MediaSessionInfo[] {
    return [...this.sessions.values()]
      .map((r) => r.info)
      .filter((i) => i.active && !i.released && (packageName === undefined || i.packageName === packageName));
  }

  get(sessionId: string): MediaSessionInfo | undefined {
    return this.sessions.get(sessionId)?.info;
  }

  /** The platform's current state: extrapolated position, timestamp replaced by now. */
  queryPlaybackState(sessionId: string): PlaybackReport | undefined {
    const record = this.live(sessionId);
    if (!record) return undefined;
    const now = this.clock.elapsedRealtime();
    return this.snapshot(record, now);
  }

  /** Sends a transport control; false when the session is gone or inactive. */
  dispatch(sessionId: string, control: MediaControl, positionMs?: number): boolean {
    const record = this.live(sessionId);
    if (!record) return false;
    const { player } = record;
    if (player.spec.ignoreControls?.includes(control)) return true;
    this.clock.schedule(player.spec.controlDelayMs ?? 50, () => {
      if (!this.live(sessionId)) return;
      const now = this.clock.elapsedRealtime();
      const position = player.positionAt(now, record.info.metadata.durationMs);
      if (control === 'pause') this.setPlayback(record, 'paused', position);
      else if (control === 'play') this.setPlayback(record, 'playing', position);
      else if (control === 'stop') this.setPlayback(record, 'stopped', 0);
      else if (control === 'seek') this.setPlayback(record, player.state, positionMs ?? position);
    });
    return true;
  }

  subscribe(fn: (event: MediaEvent) => void): () => void {
    return this.events.on(fn);
  }

  /** Releases every session of a package (force-stop, uninstall). */
  releaseAll(packageName: string): void {
    for (const record of this.sessions.values()) {
      if (record.info.packageName === packageName && !record.info.released) this.release(record);
    }
  }

  private live(sessionId: string): SessionRecord | undefined {
    const record = this.sessions.get(sessionId);
    return record?.info.active && !record.info.released ? record : undefined;
  }

  private snapshot(record: SessionRecord, now: number): PlaybackReport {
    const { player } = record;
    const positionMs = player.positionAt(now, record.info.metadata.durationMs);
    return {
      state: player.state,
      positionMs,
      updatedElapsedMs: now,
      speed: player.speed,
      bufferedPositionMs: positionMs + (player.spec.bufferedAheadMs ?? 5000),
    };
  }

  private setPlayback(record: SessionRecord, state: PlaybackStateName, positionMs: number): void {
    record.player.state = state;
    record.player.positionAtUpdate = positionMs;
    record.player.updatedAt = this.clock.elapsedRealtime();
    this.changed(record);
  }

  /** Publishes a report and (re)arms the periodic report schedule. */
  private changed(record: SessionRecord, override?: Partial<PlaybackReport>): void {
    const { player } = record;
    const now = this.clock.elapsedRealtime();
    player.positionAtUpdate = player.positionAt(now, record.info.metadata.durationMs);
    player.updatedAt = now;
    const report = { ...this.snapshot(record, now), ...override };
    const sequence = ++record.info.publishedReports;
    this.events.emit({
      type: 'report',
      sessionId: record.info.sessionId,
      report,
      receivedElapsedMs: now,
      sequence,
    });
    player.reportTimer?.cancel();
    player.reportTimer = undefined;
    const interval = player.spec.reportIntervalMs === undefined ? 1000 : player.spec.reportIntervalMs;
    if (interval !== null && player.advancing()) {
      player.reportTimer = this.clock.schedule(interval, () => this.changed(record));
    }
  }

  private release(record: SessionRecord): void {
    record.info.released = true;
    record.player.reportTimer?.cancel();
    this.events.emit({ type: 'sessions' });
  }

  private handle(record: SessionRecord): MediaSessionHandle {
    return {
      sessionId: record.info.sessionId,
      setPlayback: (state, positionMs) =>
        this.setPlayback(
          record,
          state,
          positionMs ??
            record.player.positionAt(this.clock.elapsedRealtime(), record.info.metadata.durationMs),
        ),
      setMetadata: (metadata) => {
        record.info.metadata = { ...record.info.metadata, ...metadata };
        this.events.emit({ type: 'sessions' });
      },
      publish: (override) => this.changed(record, override),
      setActive: (active) => {
        if (record.info.released || record.info.active === active) return;
        record.info.active = active;
        if (!active) record.player.reportTimer?.cancel();
        this.events.emit({ type: 'sessions' });
        // Reactivation keeps the retained report; only a running player resumes its schedule.
        if (active && record.player.advancing()) this.changed(record);
      },
      release: () => this.release(record),
    };
  }
}
