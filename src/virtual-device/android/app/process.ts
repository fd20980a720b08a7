/**
 * A running app: its pid, its state, the timers it scheduled, and the
 * `AppContext` its handlers receive. Dying (force-stop, `pm clear`) cancels
 * the timers; the next start gets fresh state (plus the persistent keys
 * unless the data was cleared).
 */

import type { LogcatBuffer } from '../logcat/buffer.js';
import type { TimerHandle, VirtualClock } from '../system/clock.js';
import type { MediaSessionManager } from '../system/media.js';
import type { NotificationManager } from '../system/notifications.js';
import { FrameRecorder } from './frames.js';
import type { AnyState, AppContext, AppDefinition, AppNotification } from './types.js';

/** What a process needs from the rest of the device. */
export interface ProcessHost {
  clock: VirtualClock;
  logcat: LogcatBuffer;
  notifications: NotificationManager;
  media: MediaSessionManager;
  toast(packageName: string, text: string, long: boolean): void;
  /** Starts `screen` of the package on top of `fromToken`'s task. */
  navigate(packageName: string, screen: string, params: Record<string, string>): void;
  finish(token: number): void;
  startApp(packageName: string): void;
  /** Sends to the package on the farm's other devices. */
  sendToPeers(packageName: string, body: string): void;
  /** The UI must re-render. */
  invalidate(): void;
}

/** The activity a context acts for. */
export interface ActivityRef {
  token: number;
  params: Record<string, string>;
}

export class AppProcess<S = AnyState> {
  state: S;
  /** What `dumpsys gfxinfo` reports: one frame per UI update of this process. */
  readonly frames: FrameRecorder;
  private readonly timers = new Set<TimerHandle>();

  constructor(
    readonly definition: AppDefinition<S>,
    readonly pid: number,
    private readonly host: ProcessHost,
    persisted: Partial<S>,
  ) {
    this.state = { ...definition.initialState(), ...persisted };
    this.frames = new FrameRecorder(() => host.clock.elapsedRealtime());
  }

  /** Values of the persistent keys, kept across a force-stop. */
  persistentState(): Partial<S> {
    const kept: Partial<S> = {};
    for (const key of this.definition.persistent ?? []) kept[key] = this.state[key];
    return kept;
  }

  kill(): void {
    for (const timer of this.timers) timer.cancel();
    this.timers.clear();
  }

  /** Runs a handler and re-renders afterwards (handlers may mutate `state` directly). */
  run(activity: ActivityRef, fn: (ctx: AppContext<S>) => void): void {
    try {
      fn(this.context(activity));
    } catch (error) {
      this.host.logcat.write({
        tag: 'AndroidRuntime',
        priority: 'E',
        pid: this.pid,
        message: `FATAL EXCEPTION in handler of ${this.definition.packageName}: ${String(error)}`,
      });
    }
    this.frames.record();
    this.host.invalidate();
  }

  context(activity: ActivityRef): AppContext<S> {
    const host = this.host;
    const packageName = this.definition.packageName;
    const track = (handle: TimerHandle): TimerHandle => {
      this.timers.add(handle);
      return {
        cancel: () => {
          handle.cancel();
          this.timers.delete(handle);
        },
      };
    };
    const ctx: AppContext<S> = {
      state: this.state,
      packageName,
      params: activity.params,
      set: (patch) => {
        Object.assign(this.state as object, patch);
        host.invalidate();
      },
      navigate: (screen, params = {}) => host.navigate(packageName, screen, params),
      finish: () => host.finish(activity.token),
      toast: (text, long = false) => host.toast(packageName, text, long),
      after: (ms, fn) => {
        const handle = host.clock.schedule(ms, () => {
          this.timers.delete(handle);
          this.run(activity, fn);
        });
        return track(handle);
      },
      every: (ms, fn) => {
        let current: TimerHandle;
        const tick = () => {
          this.timers.delete(current);
          current = host.clock.schedule(ms, tick);
          this.timers.add(current);
          this.run(activity, fn);
        };
        current = host.clock.schedule(ms, tick);
        this.timers.add(current);
        return {
          cancel: () => {
            current.cancel();
            this.timers.delete(current);
          },
        };
      },
      notify: (spec) => host.notifications.post(this.notificationSpec(activity, spec)),
      cancelNotification: (id, tag) => {
        host.notifications.cancel(packageName, id, tag);
      },
      createMediaSession: (spec) => host.media.create(packageName, spec),
      log: (tag, message, priority = 'I') => {
        host.logcat.write({ tag, message, priority, pid: this.pid });
      },
      elapsed: () => host.clock.elapsedRealtime(),
      startApp: (target) => host.startApp(target),
      setFrameTime: (ms) => {
        this.frames.frameMs = ms;
      },
      sendToPeers: (body) => host.sendToPeers(packageName, body),
    };
    return ctx;
  }

  private notificationSpec(activity: ActivityRef, spec: AppNotification<S>) {
    return {
      ...spec,
      packageName: this.definition.packageName,
      actions: spec.actions?.map(({ onInvoke, ...action }) => ({
        ...action,
        onInvoke: onInvoke ? () => this.run(activity, onInvoke) : undefined,
      })),
    };
  }
}
