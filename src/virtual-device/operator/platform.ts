/**
 * What the Operator needs from Android: the narrow platform interface the
 * action engine runs against (the Kotlin core has the same seam over the real
 * accessibility service). `device.ts` implements it over the emulated Android;
 * `scripted-platform.ts` implements it over the fixed screens of the
 * conformance vectors.
 */
import type { UiHierarchy, UiNode } from '../../contract/selector/node.js';
import type { MediaSessionManager } from '../android/system/media.js';
import type { NotificationManager } from '../android/system/notifications.js';
import type { AccessibilityEvent } from '../android/ui/controller.js';

export interface DisplayInfo {
  width: number;
  height: number;
  /** 0..3 quarter turns. */
  rotation: number;
  densityDpi: number;
}

/** One accessibility capture of the windows on screen. */
export interface UiCapture {
  hierarchy: UiHierarchy;
  foregroundPackage: string | null;
  windowCount: number;
  /** Package of a non-application window above the app (dialog, system overlay), if any. */
  overlayPackage: string | null;
}

/** Accessibility actions on a captured node (`AccessibilityNodeInfo.performAction`). */
export type NodeAction =
  | { kind: 'click' }
  | { kind: 'long_click' }
  | { kind: 'focus' }
  | { kind: 'set_text'; text: string }
  | { kind: 'ime_enter' };

export interface Point {
  x: number;
  y: number;
}

/** A one-finger gesture: optional hold at `start`, then a straight move to `end`. */
export interface Gesture {
  start: Point;
  end: Point;
  holdMs: number;
  moveMs: number;
}

export type GestureOutcome = 'completed' | 'rejected' | 'cancelled';

export type GlobalKey = 'back' | 'home' | 'recents';

export interface DeviceState {
  screenOn: boolean;
  deviceLocked: boolean;
  userUnlocked: boolean;
  developerOptionsEnabled: boolean;
  usbDebuggingEnabled: boolean;
}

/** The Operator-owned on-screen log panel as the device draws it. */
export interface PanelDrawing {
  lines: string[];
  bounds: { left: number; top: number; right: number; bottom: number };
  textColor: string;
  backgroundColor: string;
  fontSizePx: number;
  textAlign: 'left' | 'right';
}

export interface OperatorPlatform {
  display(): DisplayInfo;
  /** Elapsed realtime, ms. */
  now(): number;
  /** Wall clock, epoch ms. */
  wallTime(): number;
  /** Waits `ms` of device time; rejects with the signal's reason when aborted. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  deviceState(): DeviceState;
  /** The Operator's accessibility service is connected. */
  accessibilityConnected(): boolean;
  /** A fresh capture, or undefined when no application root is available. */
  capture(): UiCapture | undefined;
  /** Performs an action on a node of the latest capture; false when Android refuses it or the node is stale. */
  performAction(node: UiNode, action: NodeAction): boolean;
  /**
   * Dispatches a gesture. `rejected`: Android refused it before dispatch;
   * `cancelled`: accepted, then cancelled before completion. `onAccepted`
   * runs once Android accepted it, before it completes.
   */
  gesture(gesture: Gesture, signal?: AbortSignal, onAccepted?: () => void): Promise<GestureOutcome>;
  globalAction(key: GlobalKey): boolean;
  installed(packageName: string): boolean;
  /** Starts the package's launcher activity; false when it has none. */
  launch(packageName: string): boolean;
  /** Routes a VIEW intent; false when nothing handles it. */
  openUri(uri: string): boolean;
  /** Version of an installed package, for on-screen log templates. */
  packageVersion(packageName: string): { versionName: string; versionCode: number } | undefined;
  /** Package of the focused application window. */
  foregroundPackage(): string | null;
  showToast(text: string, long: boolean): void;
  cancelToast(): void;
  /** Draws (or with null removes) the Operator's on-screen log panel. */
  setPanel(panel: PanelDrawing | null): void;
  /** The accessibility service's event stream (what a recording keeps); returns the unsubscribe. */
  accessibilityEvents(fn: (event: AccessibilityEvent) => void): () => void;
  /** Writes a file in the Operator's storage (recordings). */
  writeFile(path: string, data: string): void;
  readonly notifications: Pick<
    NotificationManager,
    'active' | 'get' | 'dismiss' | 'invokeAction' | 'listener'
  >;
  readonly media: Pick<MediaSessionManager, 'list' | 'get' | 'queryPlaybackState' | 'dispatch' | 'subscribe'>;
  /** Device properties used by templates and doctor (manufacturer, model, locale). */
  readonly properties: { manufacturer: string; model: string; languageTag: string };
}
