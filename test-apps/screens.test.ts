/**
 * Every screen of every test app, laid out like Android: the app window fills
 * the display area between the system bars, every clickable view has a size,
 * and the login dialog is reachable through the selector engine.
 */
import { describe, expect, it } from 'vitest';
import { resolveNodes } from '../src/contract/selector/index.js';
import { type AndroidNode, createVirtualAndroid } from '../src/virtual-device/android/index.js';
import { isClickable } from '../src/virtual-device/android/ui/accessibility.js';
import type { LaidOutView } from '../src/virtual-device/android/ui/layout.js';
import { contentRect } from '../src/virtual-device/android/ui/windows.js';
import { TEST_APPS } from './index.js';
import { LOCKED_EMAIL } from './login.js';

const PARAMS = { title: 'Battery', email: 'ada@example.com' };

function device() {
  return createVirtualAndroid({ serial: 'virtual-5554', apps: [...TEST_APPS], clock: { mode: 'manual' } });
}

const SCREENS = TEST_APPS.flatMap((app) =>
  Object.keys(app.screens).flatMap((screen) =>
    [0, 1].map((rotation) => ({ packageName: app.packageName, screen, rotation })),
  ),
);

function openScreen({ packageName, screen, rotation }: (typeof SCREENS)[number]) {
  const d = device();
  d.display.rotation = rotation;
  d.activities.start({ packageName });
  if (screen !== 'main') d.activities.navigate(packageName, screen, PARAMS);
  expect(d.activities.foregroundRecord()?.screen).toBe(screen);
  return d;
}

function* views(view: LaidOutView): Generator<LaidOutView> {
  yield view;
  for (const child of view.children) yield* views(child);
}

function* nodes(node: AndroidNode): Generator<AndroidNode> {
  yield node;
  for (const child of node.children) yield* nodes(child);
}

describe.each(SCREENS)('$packageName $screen (rotation $rotation)', (target) => {
  it('the app window fills the display area below the status bar and above the navigation bar', () => {
    const d = openScreen(target);
    expect(d.ui.hierarchy().roots[0].bounds).toEqual(contentRect(d.display));
  });

  it('every clickable view has a positive width and height; visible ones report it in their bounds', () => {
    const d = openScreen(target);
    const { windows, hierarchy } = d.ui.snapshot();
    const clickable = windows.flatMap((w) => [...views(w.root)].filter(isClickable));
    expect(clickable.length).toBeGreaterThan(0);
    for (const { key, rect } of clickable) {
      expect(rect.right - rect.left, key).toBeGreaterThan(0);
      expect(rect.bottom - rect.top, key).toBeGreaterThan(0);
    }
    const visible = hierarchy.roots
      .flatMap((r) => [...nodes(r)])
      .filter((n) => n.clickable && n.visibleToUser);
    expect(visible.length).toBeGreaterThan(0);
    for (const { bounds, resourceId } of visible) {
      expect(bounds!.right - bounds!.left, resourceId).toBeGreaterThan(0);
      expect(bounds!.bottom - bounds!.top, resourceId).toBeGreaterThan(0);
    }
  });
});

describe('login dialog', () => {
  function locked() {
    const d = device();
    d.activities.start({ packageName: 'com.droidproof.login' });
    d.activities.app('com.droidproof.login')!.state.email = LOCKED_EMAIL;
    d.activities.app('com.droidproof.login')!.state.locked = true;
    d.ui.invalidate();
    return d;
  }

  it('is centred in the display area, over an app window that fills it', () => {
    const d = locked();
    const [app, dialog] = d.ui.hierarchy().roots;
    const area = contentRect(d.display);
    expect(app.bounds).toEqual(area);
    const { top, bottom, left, right } = dialog.bounds!;
    expect(Math.abs(top - area.top - (area.bottom - bottom))).toBeLessThanOrEqual(1);
    expect(left - area.left).toBe(area.right - right);
  });

  it('its button is matched on screen by the selector engine with the default screen', () => {
    const d = locked();
    const resolution = resolveNodes(d.ui.hierarchy(), { textEquals: 'OK' });
    expect(resolution.target.onScreen).toBe(true);
    expect(resolution.target.node.resourceId).toBe('android:id/button1');
    const message = resolveNodes(d.ui.hierarchy(), { resourceId: 'android:id/message' });
    expect(message.target.node.text).toBe('Too many attempts. Try again later.');
  });
});
