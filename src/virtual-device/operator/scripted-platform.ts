/**
 * A platform over fixed screens, for the execution conformance vectors
 * (conformance/executions/README.md): the device shows `screens[0]` and moves
 * to the next screen after every accepted mutation; the clock is manual and
 * moves only while the Operator waits. The Kotlin Operator core implements
 * the same rules, so both produce the same envelopes for the same vectors.
 */
import type { UiHierarchy, UiNode } from '../../contract/selector/node.js';
import { VirtualClock } from '../android/system/clock.js';
import { MediaSessionManager, type MediaSessionSpec } from '../android/system/media.js';
import {
  type NotificationActionSpec,
  NotificationManager,
  type NotificationSpec,
} from '../android/system/notifications.js';
import { OPERATOR_ACTIONS } from './actions/index.js';
import type { ResultEnvelope } from './envelope.js';
import { execute } from './executor.js';
import { OperatorState } from './operator-state.js';
import { parsePayload } from './payload.js';
import type { DeviceState, NodeAction, OperatorPlatform, UiCapture } from './platform.js';

export interface ScriptedScreen {
  packageName: string;
  hierarchy: UiHierarchy;
}

/** A notification the vector's device shows from the start (conformance/executions/README.md). */
export interface ScriptedNotification extends Omit<NotificationSpec, 'packageName' | 'actions'> {
  package: string;
  actions?: Array<Omit<NotificationActionSpec, 'onInvoke'>>;
  /** The app posts the same notification again this long after the start (revision + 1). */
  repostAfterMs?: number;
}

/** A media session the vector's device has from the start. */
export interface ScriptedMediaSession extends Omit<MediaSessionSpec, 'replace'> {
  package: string;
}

export interface ScriptedDevice {
  screenOn?: boolean;
  deviceLocked?: boolean;
  userUnlocked?: boolean;
  accessibilityRunning?: boolean;
  notificationListener?: 'connected' | 'disconnected' | 'denied';
  display?: { width: number; height: number };
  installedPackages?: string[];
  notifications?: ScriptedNotification[];
  /** Android silently ignores the listener's cancellation requests. */
  notificationCancellationIgnored?: boolean;
  mediaSessions?: ScriptedMediaSession[];
}

/** The Operator package the scripted platform runs as. */
export const SCRIPTED_OPERATOR_PACKAGE = 'com.androperator.operator';
/** Elapsed realtime at the start of a vector. */
export const SCRIPTED_START_ELAPSED_MS = 60_000;

function contains(hierarchy: UiHierarchy, node: UiNode): boolean {
  const stack = [...hierarchy.roots];
  while (stack.length > 0) {
    const next = stack.pop() as UiNode;
    if (next === node) return true;
    stack.push(...next.children);
  }
  return false;
}

/** Whether Android would perform `action` on `node` (the rules of the README). */
function accepts(node: UiNode, action: NodeAction): boolean {
  if (node.enabled === false) return false;
  const editable = /EditText$/.test(node.className ?? '');
  switch (action.kind) {
    case 'click':
      return node.clickable === true;
    case 'long_click':
      return node.longClickable === true;
    case 'focus':
      return node.focusable === true || editable;
    case 'set_text':
    case 'ime_enter':
      return editable;
  }
}

export class ScriptedPlatform implements OperatorPlatform {
  readonly clock = new VirtualClock({
    mode: 'manual',
    elapsedAtStartMs: SCRIPTED_START_ELAPSED_MS,
    wallAtStartMs: 0,
  });
  readonly notifications: NotificationManager;
  readonly media: MediaSessionManager;
  readonly properties = { manufacturer: 'droidproof', model: 'Scripted', languageTag: 'en-US' };
  private current = 0;

  constructor(
    private readonly screens: readonly ScriptedScreen[],
    private readonly device: ScriptedDevice = {},
  ) {
    this.notifications = new NotificationManager(
      () => this.clock.wallTime(),
      () => 10_000,
    );
    this.media = new MediaSessionManager(this.clock);
    this.notifications.refuseCancellation = device.notificationCancellationIgnored ?? false;
    const listener = device.notificationListener ?? 'connected';
    if (listener !== 'connected') {
      this.notifications.setListener(SCRIPTED_OPERATOR_PACKAGE, {
        access: listener !== 'denied',
        connected: false,
      });
    }
  }

  /** Posts the device's notifications and creates its media sessions; call once the Operator listens. */
  startApps(): void {
    for (const { package: packageName, repostAfterMs, ...spec } of this.device.notifications ?? []) {
      const post = () => this.notifications.post({ ...spec, packageName });
      post();
      if (repostAfterMs !== undefined) this.clock.schedule(repostAfterMs, post);
    }
    for (const { package: packageName, ...spec } of this.device.mediaSessions ?? []) {
      this.media.create(packageName, spec);
    }
  }

  private get screen(): ScriptedScreen {
    return this.screens[this.current];
  }

  private advanceScreen(): void {
    this.current = Math.min(this.current + 1, this.screens.length - 1);
  }

  display() {
    return { ...(this.device.display ?? { width: 1080, height: 2400 }), rotation: 0, densityDpi: 420 };
  }
  now(): number {
    return this.clock.elapsedRealtime();
  }
  wallTime(): number {
    return this.clock.wallTime();
  }
  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return this.clock.sleep(ms, signal);
  }
  deviceState(): DeviceState {
    return {
      screenOn: this.device.screenOn ?? true,
      deviceLocked: this.device.deviceLocked ?? false,
      userUnlocked: this.device.userUnlocked ?? true,
      developerOptionsEnabled: true,
      usbDebuggingEnabled: true,
    };
  }
  accessibilityConnected(): boolean {
    return this.device.accessibilityRunning ?? true;
  }
  capture(): UiCapture | undefined {
    return {
      hierarchy: this.screen.hierarchy,
      foregroundPackage: this.screen.packageName,
      windowCount: this.screen.hierarchy.roots.length,
      overlayPackage: null,
    };
  }
  performAction(node: UiNode, action: NodeAction): boolean {
    if (!contains(this.screen.hierarchy, node) || !accepts(node, action)) return false;
    this.advanceScreen();
    return true;
  }
  async gesture(
    gesture: {
      start: { x: number; y: number };
      end: { x: number; y: number };
      holdMs: number;
      moveMs: number;
    },
    signal?: AbortSignal,
    onAccepted?: () => void,
  ) {
    const { width, height } = this.display();
    const inside = (p: { x: number; y: number }) => p.x >= 0 && p.y >= 0 && p.x < width && p.y < height;
    if (!inside(gesture.start) || !inside(gesture.end)) return 'rejected' as const;
    onAccepted?.();
    await this.clock.sleep(gesture.holdMs + gesture.moveMs, signal);
    this.advanceScreen();
    return 'completed' as const;
  }
  globalAction(): boolean {
    this.advanceScreen();
    return true;
  }
  installed(packageName: string): boolean {
    return (this.device.installedPackages ?? this.screens.map((s) => s.packageName)).includes(packageName);
  }
  launch(packageName: string): boolean {
    if (!this.installed(packageName)) return false;
    const index = this.screens.findIndex((s, i) => i >= this.current && s.packageName === packageName);
    if (index >= 0) this.current = index;
    return true;
  }
  openUri(): boolean {
    this.advanceScreen();
    return true;
  }
  foregroundPackage(): string | null {
    return this.screen.packageName;
  }
  packageVersion(): { versionName: string; versionCode: number } {
    return { versionName: '1.0', versionCode: 1 };
  }
  showToast(): void {}
  cancelToast(): void {}
  setPanel(): void {}
  writeFile(): void {}
  /** The vectors' screens are fixed: no user acts on them, so no events arrive. */
  accessibilityEvents(): () => void {
    return () => undefined;
  }
}

/** Settles `promise` while moving the manual clock forward in `stepMs` increments. */
export async function driveClock<T>(clock: VirtualClock, promise: Promise<T>, stepMs = 10): Promise<T> {
  let settled = false;
  const done = promise.finally(() => {
    settled = true;
  });
  while (!settled) {
    await new Promise((resolve) => setImmediate(resolve));
    if (!settled) clock.advance(stepMs);
  }
  return done;
}

/** Runs one execution payload against fixed screens, as the conformance vectors specify. */
export async function runScripted(
  payload: unknown,
  screens: readonly ScriptedScreen[],
  device: ScriptedDevice = {},
): Promise<ResultEnvelope | undefined> {
  const parsed = parsePayload(JSON.stringify(payload));
  if (!parsed) return undefined;
  const platform = new ScriptedPlatform(screens, device);
  const state = new OperatorState(SCRIPTED_OPERATOR_PACKAGE);
  // The Operator process listens for player reports before the apps start (as VirtualOperator does).
  const unsubscribe = platform.media.subscribe((event) => {
    if (event.type === 'report')
      state.recordPlayerReport(event.sessionId, event.report, event.receivedElapsedMs);
  });
  platform.startApps();
  const run = execute(parsed, { platform, state, actions: OPERATOR_ACTIONS });
  try {
    return await driveClock(platform.clock, run);
  } finally {
    unsubscribe();
    platform.clock.dispose();
  }
}
