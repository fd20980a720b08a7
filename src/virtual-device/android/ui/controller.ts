/**
 * The screen as an accessibility service and a touch screen see it: the
 * current hierarchy (cached per revision), node actions, gestures, global
 * actions and key events, and a revision counter with change notification so
 * waits can be awaited instead of polled.
 */
import { DroidproofError } from '../../../contract/errors.js';
import type { UiHierarchy } from '../../../contract/selector/node.js';
import type { AnyHandler } from '../app/types.js';
import type { ActivityManager } from '../system/activities.js';
import type { Display } from '../system/display.js';
import { Emitter } from '../system/emitter.js';
import type { PowerManager } from '../system/power.js';
import { type AndroidNode, isClickable, isVisible, toAccessibilityTree } from './accessibility.js';
import { contains, type LaidOutView } from './layout.js';
import { composeWindows, type ScreenWindow, type WindowSources } from './windows.js';

export interface UiSnapshot {
  revision: number;
  rotation: number;
  windows: ScreenWindow[];
  /** Roots bottom to top: the app (or keyguard) window, a dialog, the log overlay. */
  hierarchy: UiHierarchy & { roots: AndroidNode[] };
}

/**
 * What an accessibility service's `onAccessibilityEvent` receives, for the
 * events an Operator recording keeps (seed 003 "Recording Format"): a click
 * (before the app reacts, so `hierarchy` is the screen that was clicked), a
 * text change and a scroll (after them), a new foreground window, a back press.
 * `hierarchy` is the screen at the event; call it while handling the event.
 */
export type AccessibilityEvent =
  | { type: 'view_clicked'; packageName: string; node: AndroidNode; hierarchy: () => UiHierarchy }
  | {
      type: 'view_text_changed';
      packageName: string;
      node: AndroidNode;
      text: string;
      hierarchy: () => UiHierarchy;
    }
  | {
      type: 'view_scrolled';
      packageName: string;
      node: AndroidNode;
      scrollY: number;
      maxScrollY: number;
      hierarchy: () => UiHierarchy;
    }
  | {
      type: 'window_state_changed';
      packageName: string;
      className: string | null;
      title: string | null;
      hierarchy: () => UiHierarchy;
    }
  | { type: 'back_pressed'; hierarchy: () => UiHierarchy };

interface NodeOrigin {
  window: ScreenWindow;
  view: LaidOutView;
  revision: number;
}

/** Global actions of `AccessibilityService.performGlobalAction`. */
export type GlobalAction = 'back' | 'home' | 'recents';

/** Android key codes the device reacts to (others are accepted and ignored). */
export const KEYCODES: Record<string, number> = {
  KEYCODE_HOME: 3,
  KEYCODE_BACK: 4,
  KEYCODE_DPAD_UP: 19,
  KEYCODE_DPAD_DOWN: 20,
  KEYCODE_POWER: 26,
  KEYCODE_TAB: 61,
  KEYCODE_ENTER: 66,
  KEYCODE_DEL: 67,
  KEYCODE_MENU: 82,
  KEYCODE_SEARCH: 84,
  KEYCODE_ESCAPE: 111,
  KEYCODE_APP_SWITCH: 187,
  KEYCODE_SLEEP: 223,
  KEYCODE_WAKEUP: 224,
};

export class UiController {
  private revisionValue = 0;
  private cached: UiSnapshot | undefined;
  /** The windows laid out for the current revision. */
  private laidOut: ScreenWindow[] | undefined;
  private framePending = false;
  /** Every node ever handed out → its window and view; entries go when the nodes are collected. */
  private readonly origins = new WeakMap<AndroidNode, NodeOrigin>();
  private readonly changes = new Emitter<number>();
  private readonly events = new Emitter<AccessibilityEvent>();
  /** The foreground window the last `window_state_changed` named; a check is pending while set to `pending`. */
  private lastWindow: string | undefined;
  private windowCheckPending = false;

  constructor(
    private readonly sources: WindowSources,
    private readonly activities: ActivityManager,
    private readonly power: PowerManager,
    private readonly display: Display,
  ) {}

  /** Bumped whenever anything on screen may have changed. */
  get revision(): number {
    return this.revisionValue;
  }

  invalidate(): void {
    this.revisionValue++;
    this.cached = undefined;
    this.laidOut = undefined;
    this.scheduleFrame();
    this.changes.emit(this.revisionValue);
    // Android reports a new window once its state settles: checked after the change that caused it.
    if (this.events.size > 0 && !this.windowCheckPending) {
      this.windowCheckPending = true;
      queueMicrotask(() => this.checkWindow());
    }
  }

  /** Subscribes to accessibility events (the Operator's accessibility service); returns the unsubscribe. */
  onAccessibilityEvent(fn: (event: AccessibilityEvent) => void): () => void {
    if (this.events.size === 0) this.lastWindow = this.windowIdentity()?.identity;
    return this.events.on(fn);
  }

  onChange(fn: (revision: number) => void): () => void {
    return this.changes.on(fn);
  }

  /** Resolves with the new revision once it is above `after`, or rejects when `signal` aborts. */
  waitForChange(after: number, signal?: AbortSignal): Promise<number> {
    if (this.revisionValue > after) return Promise.resolve(this.revisionValue);
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        off();
        reject(signal?.reason);
      };
      const off = this.onChange((revision) => {
        if (revision <= after) return;
        off();
        signal?.removeEventListener('abort', onAbort);
        resolve(revision);
      });
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  /**
   * Android lays a changed screen out on its next frame (the Choreographer's traversal), whether or
   * not anything reads it; the accessibility tree is still built when a service asks for it.
   */
  private scheduleFrame(): void {
    if (this.framePending) return;
    this.framePending = true;
    setImmediate(() => {
      this.framePending = false;
      this.windows();
    });
  }

  private windows(): ScreenWindow[] {
    this.laidOut ??= composeWindows(this.sources);
    return this.laidOut;
  }

  /** The current screen: windows and hierarchy, recomputed only after a change. */
  snapshot(): UiSnapshot {
    if (this.cached) return this.cached;
    const windows = this.windows();
    const revision = this.revisionValue;
    const roots = windows.map((w, windowIndex) =>
      toAccessibilityTree(
        w.root,
        w.packageName,
        (node, view) => this.origins.set(node, { window: w, view, revision }),
        windowIndex,
      ),
    );
    this.cached = {
      revision: this.revisionValue,
      rotation: this.display.rotation,
      windows,
      hierarchy: { rotation: this.display.rotation, roots },
    };
    return this.cached;
  }

  hierarchy(): UiHierarchy & { roots: AndroidNode[] } {
    return this.snapshot().hierarchy;
  }

  /** The window that receives input: the dialog if one shows, else the app (or keyguard) window. */
  activeRoot(): AndroidNode {
    const { windows, hierarchy } = this.snapshot();
    const index = windows.findLastIndex((w) => w.kind !== 'overlay');
    return hierarchy.roots[index];
  }

  // --- node actions (AccessibilityNodeInfo.performAction); false = the action was not performed ---

  click(node: AndroidNode): boolean {
    const { window, view } = this.resolve(node);
    if (!this.actionable(view) || !isClickable(view)) return false;
    this.emitClicked(window, view);
    if (view.spec.kind === 'input') return this.focus(node);
    return this.dispatch(window, view.spec.onClick);
  }

  longClick(node: AndroidNode): boolean {
    const { window, view } = this.resolve(node);
    if (!this.actionable(view) || !view.spec.onLongClick) return false;
    return this.dispatch(window, view.spec.onLongClick);
  }

  focus(node: AndroidNode): boolean {
    const { window, view } = this.resolve(node);
    if (!this.actionable(view) || !window.record || !(isClickable(view) || view.spec.kind === 'scroll'))
      return false;
    window.record.focusedKey = view.stateKey;
    this.invalidate();
    return true;
  }

  /** ACTION_SET_TEXT: replaces the field's text and focuses it. */
  setText(node: AndroidNode, text: string): boolean {
    const { window, view } = this.resolve(node);
    if (!this.actionable(view) || view.spec.kind !== 'input' || !window.record) return false;
    window.record.focusedKey = view.stateKey;
    return this.applyText(window, view, text);
  }

  /** ACTION_IME_ENTER on the focused field (or `node`). */
  imeAction(node?: AndroidNode): boolean {
    const target = node ? this.resolve(node) : this.focusedField();
    if (target?.view.spec.kind !== 'input') return false;
    return this.dispatch(target.window, target.view.spec.onImeAction);
  }

  scrollForward(node: AndroidNode): boolean {
    return this.scrollPage(node, 1);
  }

  scrollBackward(node: AndroidNode): boolean {
    return this.scrollPage(node, -1);
  }

  /** Scrolls a container by `dy` pixels of content; false when it was already at that end. */
  scrollBy(node: AndroidNode, dy: number): boolean {
    const { window, view } = this.resolve(node);
    return this.scrollView(window, view, dy);
  }

  // --- touch gestures (input tap/swipe, dispatchGesture) ---

  tap(x: number, y: number): boolean {
    const hit = this.hitTest(x, y, (v) => isClickable(v));
    if (!hit) return false;
    this.emitClicked(hit.window, hit.view);
    if (hit.view.spec.kind === 'input' && hit.window.record) {
      hit.window.record.focusedKey = hit.view.stateKey;
      this.invalidate();
      return true;
    }
    return this.dispatch(hit.window, hit.view.spec.onClick);
  }

  longPress(x: number, y: number): boolean {
    const hit = this.hitTest(x, y, (v) => v.spec.onLongClick !== undefined);
    return hit ? this.dispatch(hit.window, hit.view.spec.onLongClick) : false;
  }

  /**
   * A swipe or drag along `path` (at least two points): an upward swipe on the
   * keyguard unlocks it; otherwise the scroll container under the first point
   * scrolls by the vertical distance (finger up = content forward).
   */
  swipe(path: ReadonlyArray<{ x: number; y: number }>): boolean {
    if (path.length < 2) return false;
    const start = path[0];
    const end = path[path.length - 1];
    const dy = start.y - end.y;
    if (this.power.keyguardLocked) {
      if (dy < this.display.size.height / 5) return false;
      this.power.unlock();
      this.invalidate();
      return true;
    }
    const hit = this.hitTest(start.x, start.y, (v) => v.scroll !== undefined);
    return hit ? this.scrollView(hit.window, hit.view, dy) : false;
  }

  global(action: GlobalAction): boolean {
    if (action === 'back') return this.back();
    if (action === 'home') this.activities.goHome();
    else this.switchToPreviousTask();
    this.invalidate();
    return true;
  }

  /** `input keyevent`: returns false for keys the device does not know. */
  keyEvent(code: number): boolean {
    switch (code) {
      case KEYCODES.KEYCODE_HOME:
        return this.global('home');
      case KEYCODES.KEYCODE_BACK:
      case KEYCODES.KEYCODE_ESCAPE:
        return this.global('back');
      case KEYCODES.KEYCODE_APP_SWITCH:
        return this.global('recents');
      case KEYCODES.KEYCODE_ENTER:
      case KEYCODES.KEYCODE_SEARCH:
        return this.imeAction();
      case KEYCODES.KEYCODE_DEL:
        return this.deleteChar();
      case KEYCODES.KEYCODE_POWER:
        if (this.power.screenOn) this.power.sleep();
        else this.power.wakeUp();
        break;
      case KEYCODES.KEYCODE_WAKEUP:
        this.power.wakeUp();
        break;
      case KEYCODES.KEYCODE_SLEEP:
        this.power.sleep();
        break;
      case KEYCODES.KEYCODE_MENU:
        // The emulator's insecure keyguard is dismissed by MENU.
        if (this.power.keyguardLocked) this.power.unlock();
        break;
      default:
        return Object.values(KEYCODES).includes(code);
    }
    this.invalidate();
    return true;
  }

  /** `input text`: types into the focused field (appends). */
  typeText(text: string): boolean {
    const target = this.focusedField();
    if (!target) return false;
    return this.applyText(target.window, target.view, (target.view.text ?? '') + text);
  }

  private back(): boolean {
    if (this.power.keyguardLocked) return false;
    this.emit(() => ({ type: 'back_pressed', hierarchy: () => this.hierarchy() }));
    this.activities.back();
    this.invalidate();
    return true;
  }

  private switchToPreviousTask(): void {
    const previous = this.activities.recentTasks()[1];
    if (previous) this.activities.start({ packageName: previous.packageName });
  }

  private deleteChar(): boolean {
    const target = this.focusedField();
    if (!target) return false;
    return this.applyText(target.window, target.view, (target.view.text ?? '').slice(0, -1));
  }

  private applyText(window: ScreenWindow, view: LaidOutView, text: string): boolean {
    const onText = view.spec.onText;
    if (onText) {
      if (!this.dispatch(window, (ctx) => onText(ctx, text))) return false;
    } else {
      window.record?.fieldText.set(view.stateKey, text);
      this.invalidate();
    }
    this.emit(() => {
      const node = this.liveNode(window, view);
      return node && { type: 'view_text_changed', packageName: window.packageName, node, text, ...this.at() };
    });
    return true;
  }

  private scrollPage(node: AndroidNode, direction: 1 | -1): boolean {
    const { window, view } = this.resolve(node);
    if (!view.scroll) return false;
    return this.scrollView(window, view, direction * view.scroll.viewport);
  }

  private scrollView(window: ScreenWindow, view: LaidOutView, dy: number): boolean {
    const scroll = view.scroll;
    if (!scroll || !window.record || !this.actionable(view)) return false;
    const offset = Math.min(scroll.max, Math.max(0, scroll.offset + Math.round(dy)));
    if (offset === scroll.offset) return false;
    window.record.scrollOffsets.set(view.stateKey, offset);
    const onScroll = view.spec.onScroll;
    if (onScroll) this.dispatch(window, (ctx) => onScroll(ctx, offset));
    else this.invalidate();
    this.emit(() => {
      const node = this.liveNode(window, view);
      const { packageName } = window;
      return (
        node && {
          type: 'view_scrolled',
          packageName,
          node,
          scrollY: offset,
          maxScrollY: scroll.max,
          ...this.at(),
        }
      );
    });
    return true;
  }

  // --- accessibility events ---

  /** Builds and emits an event only when a service listens (building one captures the screen). */
  private emit(build: () => AccessibilityEvent | undefined): void {
    if (this.events.size === 0) return;
    const event = build();
    if (event) this.events.emit(event);
  }

  /** The `hierarchy` of an event: the screen as it is now. */
  private at(): { hierarchy: () => UiHierarchy } {
    return { hierarchy: () => this.hierarchy() };
  }

  private emitClicked(window: ScreenWindow, view: LaidOutView): void {
    this.emit(() => {
      const node = this.liveNode(window, view);
      return node && { type: 'view_clicked', packageName: window.packageName, node, ...this.at() };
    });
  }

  /** The node of the current screen that shows `view` (same window, same view key). */
  private liveNode(window: ScreenWindow, view: LaidOutView): AndroidNode | undefined {
    const visit = (node: AndroidNode): AndroidNode | undefined => {
      const origin = this.origins.get(node);
      const { kind, packageName } = origin?.window ?? {};
      if (origin?.view.key === view.key && kind === window.kind && packageName === window.packageName)
        return node;
      for (const child of node.children) {
        const hit = visit(child);
        if (hit) return hit;
      }
      return undefined;
    };
    for (const root of this.hierarchy().roots) {
      const hit = visit(root);
      if (hit) return hit;
    }
    return undefined;
  }

  /** The foreground activity (or keyguard) as a window identity, with what its event reports. */
  private windowIdentity():
    | { identity: string; packageName: string; className: string | null; title: string | null }
    | undefined {
    if (this.power.keyguardLocked) {
      return { identity: 'keyguard', packageName: 'com.android.systemui', className: null, title: null };
    }
    const record = this.activities.foregroundRecord();
    if (!record) return undefined;
    const title = this.activities.launchableApps().find((a) => a.packageName === record.packageName)?.label;
    return {
      identity: `activity:${record.token}`,
      packageName: record.packageName,
      className: record.className,
      title: title ?? null,
    };
  }

  private checkWindow(): void {
    this.windowCheckPending = false;
    const current = this.windowIdentity();
    if (current?.identity === this.lastWindow) return;
    this.lastWindow = current?.identity;
    if (!current) return;
    const { packageName, className, title } = current;
    this.emit(() => ({ type: 'window_state_changed', packageName, className, title, ...this.at() }));
  }

  private focusedField(): { window: ScreenWindow; view: LaidOutView } | undefined {
    for (const window of this.snapshot().windows) {
      const view = window.record && find(window.root, (v) => v.focused && v.spec.kind === 'input');
      if (view) return { window, view };
    }
    return undefined;
  }

  private actionable(view: LaidOutView): boolean {
    return view.spec.enabled !== false && !this.power.keyguardLocked;
  }

  private dispatch(window: ScreenWindow, handler: AnyHandler | undefined): boolean {
    const record = window.record;
    const app = record && this.activities.app(record.packageName);
    if (!handler || !record || !app) return false;
    app.run(record, handler);
    return true;
  }

  /** Topmost matching view under the point; a dialog window takes every touch (it is modal). */
  private hitTest(x: number, y: number, accept: (view: LaidOutView) => boolean) {
    const windows = this.snapshot().windows.filter((w) => w.kind !== 'overlay');
    const window = windows[windows.length - 1];
    if (!window || this.power.keyguardLocked) return undefined;
    let best: LaidOutView | undefined;
    const visit = (view: LaidOutView, parentVisible: boolean) => {
      const visible = isVisible(view, parentVisible);
      if (!visible || !contains(view.clip, x, y)) return;
      if (accept(view) && view.spec.enabled !== false) best = view;
      for (const child of view.children) visit(child, visible);
    };
    visit(window.root, true);
    return best && { window, view: best };
  }

  /**
   * Finds the live view behind a node, also for a node from an earlier
   * capture: the view with the same key in the same kind of window, if it is
   * still there.
   */
  private resolve(node: AndroidNode): { window: ScreenWindow; view: LaidOutView } {
    const snapshot = this.snapshot();
    const origin = this.origins.get(node);
    if (origin && origin.revision === snapshot.revision) return origin;
    const window =
      origin &&
      snapshot.windows.find(
        (w) =>
          w.kind === origin.window.kind &&
          w.packageName === origin.window.packageName &&
          w.record === origin.window.record,
      );
    const view = window && find(window.root, (v) => v.key === origin.view.key);
    if (window && view) return { window, view };
    throw new DroidproofError('NODE_STALE', 'the node is no longer on screen', {
      resourceId: node.resourceId,
      text: node.text,
    });
  }
}

function find(view: LaidOutView, accept: (view: LaidOutView) => boolean): LaidOutView | undefined {
  if (accept(view)) return view;
  for (const child of view.children) {
    const hit = find(child, accept);
    if (hit) return hit;
  }
  return undefined;
}
