/**
 * NotificationManager and the notification-listener side of the device
 * (seed 001): active notifications by key, updates that bump a revision,
 * cancellation, action buttons that a listener invokes against the revision it
 * listed, and per-package listener access / connection state.
 *
 * Opaque per-listing action handles are the Operator's business (seed 001
 * "fresh opaque handles for each listing"); the model validates the
 * `(key, revision, actionIndex)` triple behind them.
 */
import { Emitter } from './emitter.js';

export interface NotificationProgress {
  value: number;
  max: number;
  indeterminate: boolean;
}

export interface NotificationActionSpec {
  title: string;
  requiresInput?: boolean;
  requiresAuthentication?: boolean;
  /** The app cancelled the PendingIntent: invoking it fails with `cancelled`. */
  cancelled?: boolean;
  onInvoke?: () => void;
}

export interface NotificationSpec {
  packageName: string;
  id: number;
  tag?: string;
  title?: string | null;
  text?: string | null;
  ongoing?: boolean;
  /** Default: not ongoing. */
  clearable?: boolean;
  group?: string | null;
  groupSummary?: boolean;
  progress?: NotificationProgress | null;
  actions?: NotificationActionSpec[];
}

export interface NotificationAction {
  index: number;
  title: string;
  requiresInput: boolean;
  requiresAuthentication: boolean;
}

/** One active notification as a listener sees it. */
export interface ActiveNotification {
  /** `userId|package|id|tag|uid`, as `StatusBarNotification.getKey()`. */
  key: string;
  packageName: string;
  id: number;
  tag: string | null;
  title: string | null;
  text: string | null;
  /** Wall-clock ms of the latest post or update. */
  postTime: number;
  ongoing: boolean;
  clearable: boolean;
  group: string | null;
  groupSummary: boolean;
  progress: NotificationProgress | null;
  actions: NotificationAction[];
  /** Bumped by every update of the same key; action references carry it. */
  revision: number;
}

export type ActionInvokeResult =
  | { status: 'sent' }
  | { status: 'expired' }
  | { status: 'revision_mismatch' }
  | { status: 'no_such_action' }
  | { status: 'cancelled' };

export interface ListenerState {
  /** Notification access granted (`enabled_notification_listeners`). */
  access: boolean;
  connected: boolean;
  /** Bumped on every reconnection; references from an older connection are invalid. */
  generation: number;
}

export type NotificationEvent =
  | { type: 'posted'; notification: ActiveNotification }
  | { type: 'removed'; key: string; reason: 'app' | 'listener' | 'package' }
  | { type: 'listener'; packageName: string; state: ListenerState };

interface Entry {
  notification: ActiveNotification;
  handlers: Array<(() => void) | undefined>;
  cancelled: boolean[];
}

export class NotificationManager {
  private readonly entries = new Map<string, Entry>();
  private readonly listeners = new Map<string, ListenerState>();
  private readonly events = new Emitter<NotificationEvent>();
  /** Fault: Android refuses listener cancellation (the notification stays). */
  refuseCancellation = false;

  constructor(
    private readonly now: () => number,
    private readonly uidOf: (packageName: string) => number,
  ) {}

  /** Posts or updates; returns the key. */
  post(spec: NotificationSpec): string {
    const tag = spec.tag ?? null;
    const key = `0|${spec.packageName}|${spec.id}|${tag ?? 'null'}|${this.uidOf(spec.packageName)}`;
    const previous = this.entries.get(key);
    const ongoing = spec.ongoing ?? false;
    const actions = spec.actions ?? [];
    const notification: ActiveNotification = {
      key,
      packageName: spec.packageName,
      id: spec.id,
      tag,
      title: spec.title ?? null,
      text: spec.text ?? null,
      postTime: this.now(),
      ongoing,
      clearable: spec.clearable ?? !ongoing,
      group: spec.group ?? null,
      groupSummary: spec.groupSummary ?? false,
      progress: spec.progress ?? null,
      actions: actions.map((a, index) => ({
        index,
        title: a.title,
        requiresInput: a.requiresInput ?? false,
        requiresAuthentication: a.requiresAuthentication ?? false,
      })),
      revision: (previous?.notification.revision ?? 0) + 1,
    };
    this.entries.set(key, {
      notification,
      handlers: actions.map((a) => a.onInvoke),
      cancelled: actions.map((a) => a.cancelled ?? false),
    });
    this.events.emit({ type: 'posted', notification });
    return key;
  }

  /** The app cancels its own notification. */
  cancel(packageName: string, id: number, tag?: string): boolean {
    const entry = [...this.entries.values()].find(
      (e) =>
        e.notification.packageName === packageName &&
        e.notification.id === id &&
        e.notification.tag === (tag ?? null),
    );
    return entry ? this.remove(entry.notification.key, 'app') : false;
  }

  /** Removes every notification of a package (force-stop keeps them; uninstall and `pm clear` do this). */
  cancelAll(packageName: string): void {
    for (const entry of [...this.entries.values()]) {
      if (entry.notification.packageName === packageName) this.remove(entry.notification.key, 'package');
    }
  }

  /** Active notifications, most recent first (what `getActiveNotifications()` returns). */
  active(packageName?: string): ActiveNotification[] {
    return [...this.entries.values()]
      .map((e) => e.notification)
      .filter((n) => packageName === undefined || n.packageName === packageName)
      .sort((a, b) => b.postTime - a.postTime);
  }

  get(key: string): ActiveNotification | undefined {
    return this.entries.get(key)?.notification;
  }

  /** A listener's `cancelNotification(key)`: ignored for non-clearable ones or when the fault is set. */
  dismiss(key: string): boolean {
    const entry = this.entries.get(key);
    if (!entry?.notification.clearable || this.refuseCancellation) return false;
    return this.remove(key, 'listener');
  }

  /** Sends action `index` of the notification at `revision`, exactly once. */
  invokeAction(key: string, revision: number, index: number): ActionInvokeResult {
    const entry = this.entries.get(key);
    if (!entry) return { status: 'expired' };
    if (entry.notification.revision !== revision) return { status: 'revision_mismatch' };
    if (index < 0 || index >= entry.notification.actions.length) return { status: 'no_such_action' };
    if (entry.cancelled[index]) return { status: 'cancelled' };
    entry.handlers[index]?.();
    return { status: 'sent' };
  }

  listener(packageName: string): ListenerState {
    return this.listeners.get(packageName) ?? { access: true, connected: true, generation: 1 };
  }

  /** Grants/revokes access or connects/disconnects the listener of `packageName`. */
  setListener(
    packageName: string,
    change: Partial<Pick<ListenerState, 'access' | 'connected'>>,
  ): ListenerState {
    const current = this.listener(packageName);
    const access = change.access ?? current.access;
    const connected = access && (change.connected ?? (change.access === true ? true : current.connected));
    const reconnected = connected && !current.connected;
    const state = { access, connected, generation: current.generation + (reconnected ? 1 : 0) };
    this.listeners.set(packageName, state);
    this.events.emit({ type: 'listener', packageName, state });
    return state;
  }

  subscribe(fn: (event: NotificationEvent) => void): () => void {
    return this.events.on(fn);
  }

  private remove(key: string, reason: 'app' | 'listener' | 'package'): boolean {
    if (!this.entries.delete(key)) return false;
    this.events.emit({ type: 'removed', key, reason });
    return true;
  }
}
