/**
 * The windows on screen, bottom to top: the foreground activity (or the
 * keyguard while locked), the app's dialog, the Operator's log overlay. Each
 * is laid out to pixels; the status and navigation bars are reserved space
 * (24 dp and 48 dp) that no window draws into.
 */
import type { AnyDialogSpec, AnyViewSpec, ViewSpec } from '../app/types.js';
import type { ActivityManager, ActivityRecord } from '../system/activities.js';
import type { Display } from '../system/display.js';
import type { OverlayLayer } from '../system/overlay.js';
import type { PowerManager } from '../system/power.js';
import { type LaidOutView, layoutScreen, type Rect } from './layout.js';

export type WindowKind = 'app' | 'dialog' | 'keyguard' | 'overlay';

export interface ScreenWindow {
  kind: WindowKind;
  packageName: string;
  root: LaidOutView;
  /** The activity whose process handles this window's events. */
  record?: ActivityRecord;
}

export interface WindowSources {
  display: Display;
  activities: ActivityManager;
  power: PowerManager;
  overlay: OverlayLayer;
}

const STATUS_BAR_DP = 24;
const NAV_BAR_DP = 48;
const SYSTEM_UI = 'com.android.systemui';

export function contentRect(display: Display): Rect {
  const { width, height } = display.size;
  const d = display.density;
  return {
    left: 0,
    top: Math.round(STATUS_BAR_DP * d),
    right: width,
    bottom: height - Math.round(NAV_BAR_DP * d),
  };
}

export function composeWindows(sources: WindowSources): ScreenWindow[] {
  const { display, activities, power, overlay } = sources;
  const window = contentRect(display);
  const windows: ScreenWindow[] = [];
  const layout = (spec: AnyViewSpec, rect: Rect, record?: ActivityRecord) =>
    layoutScreen(spec, {
      window: rect,
      density: display.density,
      scrollOffsets: record?.scrollOffsets ?? new Map(),
      fieldText: record?.fieldText ?? new Map(),
      focusedKey: record?.focusedKey,
    });

  if (power.keyguardLocked) {
    windows.push({ kind: 'keyguard', packageName: SYSTEM_UI, root: layout(keyguardView(), window) });
  } else {
    const record = activities.foregroundRecord();
    const app = record && activities.app(record.packageName);
    if (record && app) {
      const render = app.definition.screens[record.screen];
      const content: AnyViewSpec = {
        kind: 'frame',
        id: 'android:id/content',
        children: [render(app.state, record.params, { installedApps: activities.launchableApps() })],
      };
      windows.push({
        kind: 'app',
        packageName: record.packageName,
        root: layout(content, window, record),
        record,
      });
      const dialog = app.definition.dialog?.(app.state);
      if (dialog) {
        const rect = dialogRect(window, display.density, dialog);
        windows.push({
          kind: 'dialog',
          packageName: record.packageName,
          root: layout(dialogView(dialog), rect, record),
          record,
        });
      }
    } else {
      const empty: ViewSpec = { kind: 'frame', id: 'android:id/content', children: [] };
      windows.push({ kind: 'app', packageName: 'com.android.launcher3', root: layout(empty, window) });
    }
  }
  const panel = overlay.state;
  if (panel) {
    const lineHeight = 32;
    const height = Math.min(
      window.bottom - window.top,
      Math.round((panel.lines.length * lineHeight + 16) * display.density),
    );
    const rect = { ...window, top: window.bottom - height };
    const view: ViewSpec = {
      kind: 'column',
      id: 'operator_log_panel',
      color: 'rgba(0,0,0,0.75)',
      children: panel.lines.map((line) => ({
        kind: 'text',
        text: line,
        height: lineHeight,
        color: '#7CFC00',
      })),
    };
    windows.push({ kind: 'overlay', packageName: panel.packageName, root: layout(view, rect) });
  }
  return windows;
}

function keyguardView(): ViewSpec {
  return {
    kind: 'column',
    id: `${SYSTEM_UI}:id/keyguard_root_view`,
    color: '#102030',
    children: [
      { kind: 'spacer', height: 200 },
      { kind: 'text', id: `${SYSTEM_UI}:id/keyguard_status_area`, text: 'Locked', height: 64 },
      { kind: 'spacer', fill: true },
      { kind: 'text', id: `${SYSTEM_UI}:id/keyguard_indication_text`, text: 'Swipe up to unlock' },
    ],
  };
}

const DIALOG_BUTTON_IDS = ['android:id/button1', 'android:id/button2', 'android:id/button3'];

function dialogView(dialog: AnyDialogSpec): AnyViewSpec {
  const children: AnyViewSpec[] = [
    { kind: 'text', id: 'android:id/alertTitle', text: dialog.title, height: 64 },
  ];
  if (dialog.message !== undefined)
    children.push({ kind: 'text', id: 'android:id/message', text: dialog.message, height: 72 });
  children.push({
    kind: 'row',
    children: dialog.buttons.map((b, i) => ({
      kind: 'button',
      id: b.id ?? DIALOG_BUTTON_IDS[i],
      text: b.text,
      onClick: b.onClick,
    })),
  });
  return { kind: 'column', id: 'android:id/parentPanel', color: '#ffffff', children };
}

function dialogRect(window: Rect, density: number, dialog: AnyDialogSpec): Rect {
  const height = Math.round((64 + (dialog.message === undefined ? 0 : 72) + 56) * density);
  const margin = Math.round(32 * density);
  const top = Math.round((window.top + window.bottom - height) / 2);
  return { left: window.left + margin, right: window.right - margin, top, bottom: top + height };
}
