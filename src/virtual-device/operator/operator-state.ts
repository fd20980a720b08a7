/**
 * State owned by one Operator process: it survives between executions and is
 * lost when the Operator restarts (seed 001:34, 000:9-11, 003:2826-2830), which
 * is `new OperatorState()`.
 */
import type { PlaybackReport } from '../android/system/media.js';

/** A notification button handle issued by a listing. */
export interface NotificationActionRef {
  key: string;
  revision: number;
  actionIndex: number;
  /** Listener connection generation at listing time; a reconnection invalidates it. */
  generation: number;
}

/** What the Operator retains of the latest player report of one media session. */
export interface PlayerReportRecord {
  sequence: number;
  receivedElapsedMs: number;
  report: PlaybackReport;
}

export interface PanelState {
  generation: number;
  expiry: { cancel(): void } | undefined;
}

export interface RecordingState {
  sessionId: string;
  filePath: string;
  /** NDJSON lines so far: the header, then events. */
  lines: string[];
  nextSeq: number;
  /** Ends the accessibility-event subscription that feeds this recording. */
  unsubscribe: () => void;
}

/** Retained button handles per process (seed 001:34). */
export const MAX_NOTIFICATION_ACTION_HANDLES = 2000;

export class OperatorState {
  constructor(
    /** The Operator package this process belongs to. */
    readonly packageName: string,
  ) {}

  /** Broadcasts received, parseable or not: tests prove no mutation is replayed. */
  dispatchesReceived = 0;
  /** Executions the engine started (parseable payloads). */
  executionsStarted = 0;
  /** The API-requested toast is showing (or pending). */
  apiToast = false;
  panel: PanelState | undefined;
  panelGeneration = 0;
  recording: RecordingState | undefined;
  readonly notificationActions = new Map<string, NotificationActionRef>();
  private nextActionHandle = 1;
  /** Media session id → opaque handle, and back. */
  readonly mediaHandles = new Map<string, string>();
  readonly mediaSessionsByHandle = new Map<string, string>();
  private nextMediaHandle = 1;
  /** Latest original report per media session id, with the per-handle sequence. */
  readonly playerReports = new Map<string, PlayerReportRecord>();

  /** Issues a fresh opaque handle for a listed button, evicting the oldest past the cap. */
  issueNotificationAction(ref: NotificationActionRef): string {
    const handle = `na-${this.nextActionHandle++}`;
    this.notificationActions.set(handle, ref);
    if (this.notificationActions.size > MAX_NOTIFICATION_ACTION_HANDLES) {
      const oldest = this.notificationActions.keys().next().value;
      if (oldest !== undefined) this.notificationActions.delete(oldest);
    }
    return handle;
  }

  /** The stable handle of a media session for this process. */
  mediaHandle(sessionId: string): string {
    let handle = this.mediaHandles.get(sessionId);
    if (handle === undefined) {
      handle = `ms-${this.nextMediaHandle++}`;
      this.mediaHandles.set(sessionId, handle);
      this.mediaSessionsByHandle.set(handle, sessionId);
    }
    return handle;
  }

  /** Records a playback-state callback for a session. */
  recordPlayerReport(sessionId: string, report: PlaybackReport, receivedElapsedMs: number): void {
    const sequence = (this.playerReports.get(sessionId)?.sequence ?? 0) + 1;
    this.playerReports.set(sessionId, { sequence, receivedElapsedMs, report });
  }
}
