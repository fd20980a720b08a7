/**
 * The emulated Android inside a virtual device. `createVirtualAndroid`
 * returns a `VirtualAndroid`, which is the `DeviceServices` the adb wire layer
 * serves, and whose properties are the system model the virtual Operator and
 * tests drive directly:
 *
 * - `props`, `settings`, `display` (size, density, rotation), `power`
 *   (screen, keyguard, user unlocked), `clock` (elapsed realtime, manual mode)
 * - `packages` (install/uninstall/versionName/isInstalled),
 *   `activities` (start, back stack per task, foreground, forceStop, clearData)
 * - `ui` (hierarchy of `UiNode`s, node actions, gestures, global actions,
 *   key events, revision + `waitForChange`), `toasts`, `overlay`
 * - `notifications`, `media`, `broadcasts`, `logcat`, `fs`, `screencap()`
 */

export { defineApp } from './app/define-app.js';
export type {
  AppContext,
  AppDefinition,
  AppNotification,
  DeepLink,
  DialogSpec,
  Handler,
  ScreenEnv,
  ScreenRender,
  ViewKind,
  ViewSpec,
} from './app/types.js';
export * from './app/views.js';
export {
  createVirtualAndroid,
  type RebootOptions,
  VirtualAndroid,
  type VirtualAndroidOptions,
} from './device.js';
export { type ExecOptions, type ExecResult, execShell } from './exec.js';
export { LogcatBuffer, type LogcatFaults, type LogWrite } from './logcat/buffer.js';
export type { LogEntry, LogPriority } from './logcat/entry.js';
export type {
  ActivityRecord,
  ForegroundActivity,
  StartRequest,
  StartResult,
  Task,
} from './system/activities.js';
export type { BroadcastHandler, BroadcastIntent, ExtraValue } from './system/broadcasts.js';
export type { ClockMode, ClockOptions, TimerHandle, VirtualClock } from './system/clock.js';
export type { DisplaySpec } from './system/display.js';
export type {
  MediaControl,
  MediaEvent,
  MediaMetadata,
  MediaSessionHandle,
  MediaSessionInfo,
  MediaSessionSpec,
  PlaybackReport,
  PlaybackStateName,
} from './system/media.js';
export type {
  ActionInvokeResult,
  ActiveNotification,
  ListenerState,
  NotificationAction,
  NotificationEvent,
  NotificationProgress,
  NotificationSpec,
} from './system/notifications.js';
export type { OverlayState } from './system/overlay.js';
export type { InstalledPackage, PackageSpec } from './system/packages.js';
export { PeerChannel, type PeerLink, type PeerMessage } from './system/peers.js';
export type { PowerState } from './system/power.js';
export type { SettingsNamespace } from './system/settings.js';
export type { Toast } from './system/toasts.js';
export { SYSTEM_APPS, SYSTEM_PACKAGES } from './system-image/index.js';
export type { AndroidNode } from './ui/accessibility.js';
export { type GlobalAction, KEYCODES, type UiSnapshot } from './ui/controller.js';
export { byId, byText, findAllNodes, findNode, type NodePredicate } from './ui/find.js';
export type { ScreenWindow, WindowKind } from './ui/windows.js';
