/**
 * Media-session actions (seed 000; 003:6368-6551). Sessions are addressed by
 * an opaque per-process handle (`mediaSessionId`) or by a package with exactly
 * one active session. Position evidence separates the player's original
 * reports (received through the Operator's controller callback, see
 * `OperatorState.recordPlayerReport`) from platform queries. Controls are
 * dispatched once; an optional wait confirms the player's reported state.
 */

import {
  MEDIA_DEFAULTS,
  MediaControlParamsSchema,
  MediaSeekParamsSchema,
  MediaTargetParamsSchema,
  ObserveMediaParamsSchema,
} from '../../../contract/actions/media.js';
import { LISTING_DEFAULTS, ListingParamsSchema } from '../../../contract/actions/notifications.js';
import type {
  MediaControl,
  MediaSessionInfo,
  PlaybackReport,
  PlaybackStateName,
} from '../../android/system/media.js';
import { type ActionContext, BACKGROUND_GATES, defineAction } from '../context.js';
import { MAX_LISTING_PAYLOAD_BYTES, payloadJson, requireListener, truncateText } from '../device-state.js';
import { StepFailure, succeeded } from '../envelope.js';
import { pollUntil } from './wait.js';

const ADVANCING: ReadonlySet<PlaybackStateName> = new Set(['playing', 'fast_forwarding', 'rewinding']);
/** Samples retained by `observe_media` (000:86). */
export const MAX_OBSERVE_SAMPLES = 64;

type Target = { applicationId?: string; mediaSessionId?: string };

function nonNegative(value: number | null | undefined): number | null {
  return value === null || value === undefined || value < 0 ? null : value;
}

/** The session status object of list/status/control payloads. */
export function describeSession(ctx: ActionContext, info: MediaSessionInfo, maxTextChars = 1024) {
  const now = ctx.platform.now();
  const record = ctx.state.playerReports.get(info.sessionId);
  const duration = info.metadata.durationMs;
  const base = {
    mediaSessionId: ctx.state.mediaHandle(info.sessionId),
    applicationId: info.packageName,
    title: truncateText(info.metadata.title, maxTextChars).text,
    artist: truncateText(info.metadata.artist, maxTextChars).text,
    durationMs: duration,
    supportedControls: info.supportedControls,
    playbackType: info.playbackType,
    playerReportSequence: record?.sequence ?? 0,
    playerReportReceivedElapsedMs: record ? Math.round(record.receivedElapsedMs) : null,
  };
  if (!record) {
    const query = ctx.platform.media.queryPlaybackState(info.sessionId);
    return {
      ...base,
      state: query?.state ?? 'unknown',
      evidence: 'platform_query',
      reportedPositionMs: null,
      positionUpdatedElapsedMs: null,
      positionUpdateAgeMs: null,
      estimatedPositionMs: nonNegative(query?.positionMs),
      positionUnknownReason: 'original_player_report_unavailable',
      playbackSpeed: query?.speed ?? null,
      bufferedPositionMs: nonNegative(query?.bufferedPositionMs),
    };
  }
  const { report } = record;
  return {
    ...base,
    ...positionEvidence(report, now, duration),
    bufferedPositionMs: nonNegative(report.bufferedPositionMs),
  };
}

function positionEvidence(report: PlaybackReport, now: number, duration: number | null) {
  const reported = nonNegative(report.positionMs);
  const updated = report.updatedElapsedMs;
  const age = Math.round(now - updated);
  let estimated: number | null = reported;
  let reason: string | null = null;
  if (reported === null) reason = 'reported_position_unavailable';
  else if (updated <= 0 || updated > now) {
    estimated = null;
    reason = 'invalid_update_time';
  } else if (report.state !== null && ADVANCING.has(report.state)) {
    if (!Number.isFinite(report.speed)) {
      estimated = null;
      reason = 'invalid_playback_speed';
    } else {
      const moved = reported + (now - updated) * report.speed;
      const bounded = duration !== null && duration >= 0 ? Math.min(moved, duration) : moved;
      estimated = Math.max(0, Math.round(bounded));
    }
  }
  return {
    state: report.state ?? 'unknown',
    evidence: 'player_report',
    reportedPositionMs: reported,
    positionUpdatedElapsedMs: Math.round(updated),
    positionUpdateAgeMs: age,
    estimatedPositionMs: estimated,
    positionUnknownReason: reason,
    playbackSpeed: report.speed,
  };
}

function live(ctx: ActionContext, sessionId: string): MediaSessionInfo | undefined {
  const info = ctx.platform.media.get(sessionId);
  return info?.active && !info.released ? info : undefined;
}

/** Resolves the target to a live session (000:7-14). */
function resolveSession(ctx: ActionContext, target: Target): MediaSessionInfo {
  requireListener(ctx);
  if (target.mediaSessionId !== undefined) {
    const sessionId = ctx.state.mediaSessionsByHandle.get(target.mediaSessionId);
    const info = sessionId === undefined ? undefined : live(ctx, sessionId);
    if (!info)
      throw new StepFailure('MEDIA_SESSION_EXPIRED', 'The media session handle expired; list sessions again');
    return info;
  }
  const sessions = ctx.platform.media.list(target.applicationId);
  if (sessions.length === 0) {
    throw new StepFailure('MEDIA_SESSION_EXPIRED', `No active media session for ${target.applicationId}`);
  }
  if (sessions.length > 1) {
    throw new StepFailure(
      'MEDIA_SESSION_AMBIGUOUS',
      `${sessions.length} sessions for ${target.applicationId}; select by mediaSessionId`,
    );
  }
  return sessions[0];
}

export const listMediaSessionsAction = defineAction({
  type: 'list_media_sessions',
  gates: BACKGROUND_GATES,
  parse: (params) => ({ ...LISTING_DEFAULTS, ...params.schema(ListingParamsSchema) }),
  run: async (ctx, step, p) => {
    requireListener(ctx);
    const all = ctx.platform.media.list(p.applicationId);
    const sessions: ReturnType<typeof describeSession>[] = [];
    for (const info of all.slice(0, p.limit)) {
      const next = [...sessions, describeSession(ctx, info, p.maxTextChars)];
      if (
        Buffer.byteLength(payloadJson(ctx, { sessions: next, total: all.length, truncated: true })) >
        MAX_LISTING_PAYLOAD_BYTES
      )
        break;
      sessions.push(next[next.length - 1]);
    }
    return succeeded(step, {
      payload: payloadJson(ctx, { sessions, total: all.length, truncated: sessions.length < all.length }),
    });
  },
});

export const getMediaStatusAction = defineAction({
  type: 'get_media_status',
  gates: BACKGROUND_GATES,
  parse: (params) => params.schema(MediaTargetParamsSchema),
  run: async (ctx, step, p) => {
    const info = resolveSession(ctx, p);
    return succeeded(step, { payload: payloadJson(ctx, { session: describeSession(ctx, info) }) });
  },
});

export const observeMediaAction = defineAction({
  type: 'observe_media',
  gates: BACKGROUND_GATES,
  parse: (params) => params.schema(ObserveMediaParamsSchema),
  run: async (ctx, step, p) => {
    const info = resolveSession(ctx, p);
    const initialSession = describeSession(ctx, info);
    const startedElapsedMs = Math.round(ctx.platform.now());
    const samples: unknown[] = [];
    let count = 0;
    const unsubscribe = ctx.platform.media.subscribe((event) => {
      if (event.type !== 'report' || event.sessionId !== info.sessionId) return;
      count++;
      if (samples.length >= MAX_OBSERVE_SAMPLES) return;
      const { report } = event;
      const known = report.state !== null;
      samples.push({
        playerReportSequence: ctx.state.playerReports.get(info.sessionId)?.sequence ?? count,
        playerReportReceivedElapsedMs: Math.round(event.receivedElapsedMs),
        state: report.state ?? 'unknown',
        reportedPositionMs: known ? nonNegative(report.positionMs) : null,
        positionUpdatedElapsedMs: known ? Math.round(report.updatedElapsedMs) : null,
        playbackSpeed: known ? report.speed : null,
      });
    });
    try {
      const expired = await pollUntil(ctx, p.durationMs, () =>
        live(ctx, info.sessionId) ? undefined : true,
      );
      if (expired)
        throw new StepFailure('MEDIA_SESSION_EXPIRED', 'The observed session ended or became inactive');
    } finally {
      unsubscribe();
    }
    const session = describeSession(ctx, info);
    const delta =
      initialSession.reportedPositionMs === null || session.reportedPositionMs === null
        ? null
        : session.reportedPositionMs - initialSession.reportedPositionMs;
    return succeeded(step, {
      payload: payloadJson(ctx, {
        initialSession,
        session,
        startedElapsedMs,
        endedElapsedMs: Math.round(ctx.platform.now()),
        durationMs: p.durationMs,
        samples,
        newPlayerReportCount: count,
        truncated: count > samples.length,
        reportedPositionDeltaMs: delta,
      }),
    });
  },
});

/** The target session, which must advertise `command` (000:42-43, 000:51). */
function controllableSession(ctx: ActionContext, target: Target, command: MediaControl): MediaSessionInfo {
  const info = resolveSession(ctx, target);
  if (!info.supportedControls.includes(command)) {
    throw new StepFailure(
      'MEDIA_ACTION_UNSUPPORTED',
      `The session does not advertise ${command}`,
      ctx.evidence,
    );
  }
  return info;
}

/** Dispatches `control` once and optionally waits for a new report satisfying `confirmed`. */
async function control(
  ctx: ActionContext,
  info: MediaSessionInfo,
  command: MediaControl,
  waitTimeoutMs: number,
  confirmed: (report: PlaybackReport, dispatchedAt: number) => boolean,
  positionMs?: number,
): Promise<boolean> {
  const before = ctx.state.playerReports.get(info.sessionId)?.sequence ?? 0;
  const dispatchedAt = ctx.platform.now();
  if (!ctx.platform.media.dispatch(info.sessionId, command, positionMs)) {
    throw new StepFailure(
      'MEDIA_SESSION_EXPIRED',
      'The session ended before the control was sent',
      ctx.evidence,
    );
  }
  ctx.evidence.dispatched = 'true';
  const check = () => {
    if (!live(ctx, info.sessionId)) {
      throw new StepFailure(
        'MEDIA_SESSION_EXPIRED',
        'The session ended or became inactive during the wait',
        ctx.evidence,
      );
    }
    const record = ctx.state.playerReports.get(info.sessionId);
    return record && record.sequence > before && confirmed(record.report, dispatchedAt) ? true : undefined;
  };
  if (waitTimeoutMs === 0) return check() === true;
  const observed = await pollUntil(ctx, waitTimeoutMs, check);
  if (!observed) {
    throw new StepFailure(
      'MEDIA_POSTCONDITION_TIMEOUT',
      'The player did not report the requested state in time',
      ctx.evidence,
    );
  }
  return true;
}

function playPause(type: 'media_pause' | 'media_play') {
  const command: MediaControl = type === 'media_pause' ? 'pause' : 'play';
  const target: PlaybackStateName = type === 'media_pause' ? 'paused' : 'playing';
  return defineAction({
    type,
    gates: BACKGROUND_GATES,
    parse: (params) => {
      const p = params.schema(MediaControlParamsSchema);
      return { ...p, waitTimeoutMs: p.waitTimeoutMs ?? MEDIA_DEFAULTS.waitTimeoutMs };
    },
    run: async (ctx, step, p) => {
      Object.assign(ctx.evidence, { dispatched: 'false', waitTimeoutMs: String(p.waitTimeoutMs) });
      const info = controllableSession(ctx, p, command);
      const observed = await control(
        ctx,
        info,
        command,
        p.waitTimeoutMs,
        (report) => report.state === target,
      );
      return succeeded(step, {
        ...ctx.evidence,
        payload: payloadJson(ctx, {
          dispatched: true,
          targetState: target,
          targetStateObserved: observed,
          waitTimeoutMs: p.waitTimeoutMs,
          session: describeSession(ctx, info),
        }),
      });
    },
  });
}

export const mediaPauseAction = playPause('media_pause');
export const mediaPlayAction = playPause('media_play');

export const mediaSeekAction = defineAction({
  type: 'media_seek',
  gates: BACKGROUND_GATES,
  parse: (params) => {
    const p = params.schema(MediaSeekParamsSchema);
    return {
      ...p,
      waitTimeoutMs: p.waitTimeoutMs ?? MEDIA_DEFAULTS.waitTimeoutMs,
      positionToleranceMs: p.positionToleranceMs ?? MEDIA_DEFAULTS.positionToleranceMs,
    };
  },
  run: async (ctx, step, p) => {
    Object.assign(ctx.evidence, {
      dispatched: 'false',
      requestedPositionMs: String(p.positionMs),
      positionToleranceMs: String(p.positionToleranceMs),
      waitTimeoutMs: String(p.waitTimeoutMs),
    });
    const info = controllableSession(ctx, p, 'seek');
    const duration = info.metadata.durationMs;
    if (duration !== null && duration >= 0 && p.positionMs > duration) {
      throw new StepFailure(
        'MEDIA_POSITION_OUT_OF_RANGE',
        `positionMs exceeds the known duration ${duration}`,
        ctx.evidence,
      );
    }
    const observed = await control(
      ctx,
      info,
      'seek',
      p.waitTimeoutMs,
      (report, dispatchedAt) =>
        report.updatedElapsedMs >= dispatchedAt &&
        report.updatedElapsedMs <= ctx.platform.now() &&
        report.positionMs >= 0 &&
        Math.abs(report.positionMs - p.positionMs) <= p.positionToleranceMs,
      p.positionMs,
    );
    return succeeded(step, {
      ...ctx.evidence,
      payload: payloadJson(ctx, {
        dispatched: true,
        requestedPositionMs: p.positionMs,
        positionToleranceMs: p.positionToleranceMs,
        waitTimeoutMs: p.waitTimeoutMs,
        targetPositionObserved: observed,
        session: describeSession(ctx, info),
      }),
    });
  },
});
