/**
 * The Operator's platform over the emulated Android (`VirtualAndroid`): what
 * the accessibility service, the notification listener and the media
 * controller of a real Operator would reach.
 */
import type { UiNode } from '../../contract/selector/node.js';
import type { VirtualAndroid } from '../android/device.js';
import type { AndroidNode } from '../android/ui/accessibility.js';
import type {
  DeviceState,
  Gesture,
  GestureOutcome,
  NodeAction,
  OperatorPlatform,
  UiCapture,
} from './platform.js';

/** The Java package of the Operator app's components, as in android-operator/app and its APK. */
export const OPERATOR_CLASSES = 'app.androperator.operator.app';

/** `enabled_accessibility_services` entry of an Operator package. */
export function accessibilityServiceName(packageName: string): string {
  return `${packageName}/${OPERATOR_CLASSES}.OperatorAccessibilityService`;
}

function insideDisplay(android: VirtualAndroid, point: { x: number; y: number }): boolean {
  const { width, height } = android.display.size;
  return point.x >= 0 && point.y >= 0 && point.x < width && point.y < height;
}

export function androidPlatform(android: VirtualAndroid, operatorPackage: string): OperatorPlatform {
  const foregroundPackage = (): string | null => {
    const windows = android.ui.snapshot().windows.filter((w) => w.kind !== 'overlay');
    return windows[windows.length - 1]?.packageName ?? null;
  };
  const deviceState = (): DeviceState => {
    const power = android.power.state;
    return {
      screenOn: power.screenOn,
      deviceLocked: power.keyguardLocked,
      userUnlocked: power.userUnlocked,
      developerOptionsEnabled: android.settings.get('global', 'development_settings_enabled') === '1',
      usbDebuggingEnabled: android.settings.get('global', 'adb_enabled') === '1',
    };
  };
  return {
    display: () => ({
      ...android.display.size,
      rotation: android.display.rotation,
      densityDpi: android.display.densityDpi,
    }),
    now: () => android.clock.elapsedRealtime(),
    wallTime: () => android.clock.wallTime(),
    sleep: (ms, signal) => android.clock.sleep(ms, signal),
    deviceState,
    accessibilityConnected: () =>
      (android.settings.get('secure', 'enabled_accessibility_services') ?? '')
        .split(':')
        .includes(accessibilityServiceName(operatorPackage)),
    capture: (): UiCapture | undefined => {
      const snapshot = android.ui.snapshot();
      if (snapshot.hierarchy.roots.length === 0) return undefined;
      const overlay = snapshot.windows.find((w) => w.kind === 'overlay');
      return {
        hierarchy: snapshot.hierarchy,
        foregroundPackage: foregroundPackage(),
        windowCount: snapshot.windows.length,
        overlayPackage: overlay ? overlay.packageName : null,
      };
    },
    performAction: (node: UiNode, action: NodeAction) => {
      const target = node as AndroidNode;
      try {
        switch (action.kind) {
          case 'click':
            return android.ui.click(target);
          case 'long_click':
            return android.ui.longClick(target);
          case 'focus':
            return android.ui.focus(target);
          case 'set_text':
            return android.ui.setText(target, action.text);
          case 'ime_enter':
            return android.ui.imeAction(target);
        }
      } catch {
        // A node from an earlier capture whose view is gone: the action is not performed.
        return false;
      }
    },
    gesture: async (
      gesture: Gesture,
      signal?: AbortSignal,
      onAccepted?: () => void,
    ): Promise<GestureOutcome> => {
      if (!insideDisplay(android, gesture.start) || !insideDisplay(android, gesture.end)) return 'rejected';
      onAccepted?.();
      await android.clock.sleep(gesture.holdMs + gesture.moveMs, signal);
      const still = gesture.start.x === gesture.end.x && gesture.start.y === gesture.end.y;
      if (still && gesture.holdMs > 0) android.ui.longPress(gesture.start.x, gesture.start.y);
      else if (still) android.ui.tap(gesture.start.x, gesture.start.y);
      else android.ui.swipe([gesture.start, gesture.end]);
      return 'completed';
    },
    globalAction: (key) => android.ui.global(key),
    installed: (packageName) => android.packages.isInstalled(packageName),
    launch: (packageName) => android.activities.start({ packageName }).ok,
    openUri: (uri) => android.activities.start({ data: uri, action: 'android.intent.action.VIEW' }).ok,
    foregroundPackage,
    packageVersion: (packageName) => {
      const info = android.packages.get(packageName);
      return info && { versionName: info.versionName, versionCode: info.versionCode };
    },
    showToast: (text, long) => {
      android.toasts.show(operatorPackage, text, long);
    },
    // The toast model has no cancellation: a cancelled API toast runs out its duration.
    cancelToast: () => undefined,
    setPanel: (panel) => {
      if (panel) android.overlay.show(operatorPackage, panel.lines);
      else android.overlay.clear();
    },
    accessibilityEvents: (fn) => android.ui.onAccessibilityEvent(fn),
    writeFile: (path, data) => android.fs.write(path, Buffer.from(data, 'utf8')),
    notifications: android.notifications,
    media: android.media,
    properties: {
      manufacturer: android.props.get('ro.product.manufacturer') ?? 'Unavailable',
      model: android.props.get('ro.product.model') ?? 'Unavailable',
      languageTag: android.props.get('persist.sys.locale') ?? 'en-US',
    },
  };
}
