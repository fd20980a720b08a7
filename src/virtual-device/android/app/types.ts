/**
 * How a test app is declared: screens that render view specs from state,
 * handlers on the views, timed changes, notifications and media it posts.
 * `defineApp` (in `define-app.ts`) only checks and returns the definition;
 * the running instance lives in `app/process.ts`.
 */

import type { LogPriority } from '../logcat/entry.js';
import type { TimerHandle } from '../system/clock.js';
import type { MediaSessionHandle, MediaSessionSpec } from '../system/media.js';
import type { NotificationSpec } from '../system/notifications.js';
import type { PeerMessage } from '../system/peers.js';

/** What every handler receives: the app's state and what an app can do on the device. */
export interface AppContext<S> {
  /** The process's state; mutate it or call `set`. Either way the screen re-renders. */
  readonly state: S;
  readonly packageName: string;
  /** Parameters of the current activity (from `navigate` or a deep link). */
  readonly params: Record<string, string>;
  set(patch: Partial<S>): void;
  /** Starts another screen of this app on top of the current one (same task). */
  navigate(screen: string, params?: Record<string, string>): void;
  /** Finishes the current activity (like the back key). */
  finish(): void;
  toast(text: string, long?: boolean): void;
  /** Runs `fn` after `ms` of device time, unless the process dies first. */
  after(ms: number, fn: (ctx: AppContext<S>) => void): TimerHandle;
  /** Runs `fn` every `ms` of device time until cancelled or the process dies. */
  every(ms: number, fn: (ctx: AppContext<S>) => void): TimerHandle;
  /** Posts or updates notification `id` of this package; returns its key. */
  notify(spec: AppNotification<S>): string;
  cancelNotification(id: number, tag?: string): void;
  /** Creates a media session for this package (a replacement if one exists and `replace` is set). */
  createMediaSession(spec: MediaSessionSpec): MediaSessionHandle;
  log(tag: string, message: string, priority?: LogPriority): void;
  /** Device elapsed realtime in ms. */
  elapsed(): number;
  /** Launches another installed app (what a launcher does). */
  startApp(packageName: string): void;
  /** How long this app's frames take to draw from now on, in ms (default 6; over 16.67 is jank at 60 Hz). */
  setFrameTime(ms: number): void;
  /** Sends `body` to this app on the other devices of the farm (its `onPeerMessage`). */
  sendToPeers(body: string): void;
}

export type Handler<S> = (ctx: AppContext<S>) => void;

/** A notification an app posts; action handlers run in the app when the button is invoked. */
export interface AppNotification<S> extends Omit<NotificationSpec, 'actions' | 'packageName'> {
  actions?: Array<{
    title: string;
    requiresInput?: boolean;
    requiresAuthentication?: boolean;
    /** The PendingIntent was cancelled by the app: invoking it fails. */
    cancelled?: boolean;
    onInvoke?: Handler<S>;
  }>;
}

export type ViewKind =
  | 'column'
  | 'row'
  | 'frame'
  | 'scroll'
  | 'text'
  | 'button'
  | 'input'
  | 'switch'
  | 'checkbox'
  | 'image'
  | 'progress'
  | 'spacer';

/** One view in a screen. Sizes are in dp; the layout turns them into pixels. */
export interface ViewSpec<S = unknown> {
  kind: ViewKind;
  /** Resource id; a bare name becomes `<package>:id/<name>`, a value containing `:id/` is kept. */
  id?: string;
  text?: string;
  /** `content-desc`. */
  desc?: string;
  /** Input hint, drawn when the field is empty (not reported as text). */
  hint?: string;
  /** Overrides the Android class name the kind implies. */
  className?: string;
  /** Height in dp; scroll containers without one fill the space left in their column. */
  height?: number;
  /** Width share inside a row (default 1). */
  weight?: number;
  /** Take the remaining height of the parent column. */
  fill?: boolean;
  enabled?: boolean;
  checked?: boolean;
  selected?: boolean;
  password?: boolean;
  /** `accessibility-data-sensitive`. */
  sensitive?: boolean;
  /** INVISIBLE: laid out and in the tree, but `visible-to-user=false` and not drawn. */
  invisible?: boolean;
  /** Extra clickability for containers (rows acting as list items). */
  clickable?: boolean;
  /** Fill colour for drawing (CSS colour). */
  color?: string;
  /** Progress value 0..max for `progress` views. */
  progress?: number;
  max?: number;
  /** Horizontal offset in dp, for animations that slide a view. */
  offsetX?: number;
  onClick?: Handler<S>;
  onLongClick?: Handler<S>;
  /** Text fields: new text after typing or `setText`. Without it the field keeps its own text. */
  onText?: (ctx: AppContext<S>, text: string) => void;
  /** Text fields: the IME action key (Done/Search/Go). */
  onImeAction?: Handler<S>;
  /** Scroll containers: called after the content offset changed (px). */
  onScroll?: (ctx: AppContext<S>, offsetPx: number) => void;
  children?: ViewSpec<S>[];
}

/** A dialog drawn above the screen, in its own window. */
export interface DialogSpec<S = unknown> {
  title: string;
  message?: string;
  buttons: Array<{ id?: string; text: string; onClick?: Handler<S> }>;
}

/** What a screen can read about the device besides its state. */
export interface ScreenEnv {
  /** Apps with a launcher entry (everything but the home app), in install order. */
  installedApps: Array<{ packageName: string; label: string }>;
}

export type ScreenRender<S> = (state: S, params: Record<string, string>, env: ScreenEnv) => ViewSpec<S>;

export interface DeepLink<S> {
  /** URI prefix such as `droidproof://settings/`. */
  prefix: string;
  screen: string;
  /** Runs after the screen starts, with the full URI. */
  onOpen?: (ctx: AppContext<S>, uri: string) => void;
}

export interface AppDefinition<S = AnyState> {
  packageName: string;
  label: string;
  versionName?: string;
  versionCode?: number;
  /** Fresh process state; called at first launch, after force-stop and after `pm clear`. */
  initialState: () => S;
  /** State keys that survive a force-stop (they live in the app's data until `pm clear`). */
  persistent?: ReadonlyArray<keyof S>;
  /** Screens by name; `main` is the launcher activity. Activity names are `.<Name>Activity`. */
  screens: Record<string, ScreenRender<S>>;
  /** Fully qualified activity class per screen, where it is not `<package>.<Name>Activity`. */
  activityNames?: Record<string, string>;
  /** A dialog shown above the current screen while it returns one. */
  dialog?: (state: S) => DialogSpec<S> | undefined;
  /** Runs each time a screen becomes the started activity (launch, navigate, deep link). */
  onScreenStart?: (ctx: AppContext<S>, screen: string) => void;
  deepLinks?: DeepLink<S>[];
  /** Intent actions without data that open a screen (`am start -a android.settings.SETTINGS`). */
  actions?: Record<string, { screen: string; params?: Record<string, string> }>;
  /** The home app (launcher) the device shows after boot and HOME. */
  home?: boolean;
  /** Cold start cost in ms, added to `am start -W`'s TotalTime (default 180). */
  startupMs?: number;
  /**
   * A message this app sent from another device of the farm. Like a push message it starts the
   * process when it is not running (without showing it) and runs in its current activity.
   */
  onPeerMessage?: (ctx: AppContext<S>, message: PeerMessage) => void;
}

/**
 * The device handles views, dialogs and apps of every state type alike; their
 * handlers only ever receive the context of the app that declared them.
 */
// biome-ignore lint/suspicious/noExplicitAny: type erasure of the app state across apps
export type AnyState = any;
export type AnyViewSpec = ViewSpec<AnyState>;
export type AnyDialogSpec = DialogSpec<AnyState>;
export type AnyHandler = Handler<AnyState>;
