import { describe, expect, it } from 'vitest';
import { TEST_APPS } from '../../../../test-apps/index.js';
import type { AppDefinition } from '../app/types.js';
import { createVirtualAndroid } from '../device.js';
import { column, defineApp, text } from '../index.js';
import type { AndroidNode } from './accessibility.js';
import { byId, byText, findAllNodes, findNode } from './find.js';

function openApp(packageName: string) {
  const d = createVirtualAndroid({ serial: 'virtual-5554', apps: [...TEST_APPS], clock: { mode: 'manual' } });
  d.activities.start({ packageName });
  return d;
}

const node = (root: AndroidNode, id: string) => findNode(root, byId(id))!;

describe('layout and accessibility properties', () => {
  it('lays the window out at 1080x2400 / 420 dpi under the status bar (issue 4)', () => {
    const d = openApp('com.droidproof.settings');
    const root = d.ui.activeRoot();
    expect(root.bounds).toEqual({ left: 0, top: 63, right: 1080, bottom: 2274 });
    const title = node(root, 'com.droidproof.settings:id/toolbar_title');
    expect(title.bounds).toEqual({ left: 0, top: 63, right: 1080, bottom: 63 + 168 });
    expect(title.className).toBe('android.widget.TextView');
  });

  it('lays out again in landscape after a rotation', () => {
    const d = openApp('com.droidproof.settings');
    d.display.rotation = 1;
    const { hierarchy } = d.ui.snapshot();
    expect(hierarchy.rotation).toBe(1);
    expect(hierarchy.roots[0].bounds).toEqual({ left: 0, top: 63, right: 2400, bottom: 1080 - 126 });
  });

  it('reports switches as checkable and their checked state', () => {
    const d = openApp('com.droidproof.settings');
    const wifi = node(d.ui.activeRoot(), 'com.droidproof.settings:id/switch_wi_fi');
    expect(wifi).toMatchObject({
      className: 'android.widget.Switch',
      checkable: true,
      checked: true,
      clickable: true,
      text: 'Wi-Fi',
    });
  });

  it('marks offscreen rows of a scroll container not visible, with bounds clipped to the viewport edge', () => {
    const d = openApp('com.droidproof.settings');
    const root = d.ui.activeRoot();
    const list = node(root, 'com.droidproof.settings:id/settings_list');
    expect(list.scrollable).toBe(true);
    const last = findNode(root, byText('Option 42'))!;
    expect(last.visibleToUser).toBe(false);
    expect(last.bounds!.top).toBe(list.bounds!.bottom);
    expect(last.bounds!.bottom).toBe(list.bounds!.bottom);
  });

  it('password fields report password=true, masked text and the sensitive flag', () => {
    const d = openApp('com.droidproof.login');
    const field = node(d.ui.activeRoot(), 'com.droidproof.login:id/password');
    expect(d.ui.setText(field, 'hunter22')).toBe(true);
    const after = node(d.ui.activeRoot(), 'com.droidproof.login:id/password');
    expect(after).toMatchObject({
      password: true,
      text: '••••••••',
      accessibilityDataSensitive: true,
      editable: true,
      focused: true,
    });
  });
});

describe('frames', () => {
  it('lays a changed screen out on the next turn, unread, and builds its accessibility tree once when read', async () => {
    let renders = 0;
    const counter = defineApp<{ count: number }>({
      packageName: 'com.example.counter',
      label: 'Counter',
      initialState: () => ({ count: 0 }),
      screens: {
        main: (s) => {
          renders++;
          return column([text(`Count ${s.count}`, { id: 'count' })]);
        },
      },
    }) as AppDefinition;
    const d = createVirtualAndroid({ serial: 'virtual-5554', apps: [counter], clock: { mode: 'manual' } });
    d.activities.start({ packageName: 'com.example.counter' });
    await new Promise((resolve) => setImmediate(resolve));
    const before = renders;
    (d.activities.app('com.example.counter')!.state as { count: number }).count = 7;
    d.ui.invalidate();
    d.ui.invalidate();
    expect(renders).toBe(before);
    await new Promise((resolve) => setImmediate(resolve));
    // One frame for both changes, before anything asked for the screen.
    expect(renders).toBe(before + 1);
    const first = d.ui.hierarchy();
    expect(findNode(first.roots[0], byText('Count 7'))).toBeDefined();
    expect(d.ui.hierarchy()).toBe(first);
    expect(renders).toBe(before + 1);
  });
});

describe('scrolling', () => {
  it('scrollForward moves content by a page, nodes move up and the offset is reported', () => {
    const d = openApp('com.droidproof.settings');
    const before = findNode(d.ui.activeRoot(), byText('Apps'))!.bounds!;
    const list = node(d.ui.activeRoot(), 'com.droidproof.settings:id/settings_list');
    expect(d.ui.scrollForward(list)).toBe(true);
    const after = findNode(d.ui.activeRoot(), byText('Apps'))!;
    const scrolled = node(d.ui.activeRoot(), 'com.droidproof.settings:id/settings_list');
    expect(scrolled.scrollOffset).toBe(list.bounds!.bottom - list.bounds!.top);
    expect(after.visibleToUser).toBe(false);
    expect(after.bounds!.top).toBeLessThan(before.top);
  });

  it('stops at the end: a further scroll returns false', () => {
    const d = openApp('com.droidproof.settings');
    let moves = 0;
    while (d.ui.scrollForward(node(d.ui.activeRoot(), 'com.droidproof.settings:id/settings_list'))) moves++;
    expect(moves).toBeGreaterThan(2);
    expect(findNode(d.ui.activeRoot(), byText('Option 42'))!.visibleToUser).toBe(true);
    expect(d.ui.scrollBackward(node(d.ui.activeRoot(), 'com.droidproof.settings:id/settings_list'))).toBe(
      true,
    );
  });

  it('a swipe up over the list scrolls it by the finger distance', () => {
    const d = openApp('com.droidproof.settings');
    expect(
      d.ui.swipe([
        { x: 540, y: 1800 },
        { x: 540, y: 1300 },
      ]),
    ).toBe(true);
    expect(node(d.ui.activeRoot(), 'com.droidproof.settings:id/settings_list').scrollOffset).toBe(500);
  });
});

describe('node actions and gestures', () => {
  it('click toggles a switch through the app handler; the revision advances', () => {
    const d = openApp('com.droidproof.settings');
    const revision = d.ui.revision;
    expect(d.ui.click(node(d.ui.activeRoot(), 'com.droidproof.settings:id/switch_bluetooth'))).toBe(true);
    expect(node(d.ui.activeRoot(), 'com.droidproof.settings:id/switch_bluetooth').checked).toBe(true);
    expect(d.ui.revision).toBeGreaterThan(revision);
  });

  it('a node from an older capture still acts on the same view; a vanished one throws NODE_STALE', () => {
    const d = openApp('com.droidproof.settings');
    const old = node(d.ui.activeRoot(), 'com.droidproof.settings:id/switch_bluetooth');
    d.ui.click(node(d.ui.activeRoot(), 'com.droidproof.settings:id/switch_wi_fi'));
    expect(d.ui.click(old)).toBe(true);
    expect(node(d.ui.activeRoot(), 'com.droidproof.settings:id/switch_bluetooth').checked).toBe(true);
    const row = findNode(d.ui.activeRoot(), byText('Battery'))!;
    d.activities.forceStop('com.droidproof.settings');
    expect(() => d.ui.click(row)).toThrowError(expect.objectContaining({ code: 'NODE_STALE' }));
  });

  it('a non-clickable node refuses click', () => {
    const d = openApp('com.droidproof.settings');
    expect(d.ui.click(node(d.ui.activeRoot(), 'com.droidproof.settings:id/toolbar_title'))).toBe(false);
  });

  it('tap hits the topmost clickable view; a dialog is modal', () => {
    const d = openApp('com.droidproof.login');
    const app = d.activities.app('com.droidproof.login')!;
    app.state.locked = true;
    d.ui.invalidate();
    const roots = d.ui.hierarchy().roots;
    expect(roots).toHaveLength(2);
    const signIn = node(roots[0], 'com.droidproof.login:id/sign_in').bounds!;
    expect(d.ui.tap((signIn.left + signIn.right) / 2, (signIn.top + signIn.bottom) / 2)).toBe(false);
    const ok = findNode(d.ui.activeRoot(), byText('OK'))!;
    expect(ok.resourceId).toBe('android:id/button1');
    expect(d.ui.tap((ok.bounds!.left + ok.bounds!.right) / 2, (ok.bounds!.top + ok.bounds!.bottom) / 2)).toBe(
      true,
    );
    expect(d.ui.hierarchy().roots).toHaveLength(1);
  });

  it('global back pops the activity, home shows the launcher, recents switches to the previous task', () => {
    const d = openApp('com.droidproof.settings');
    const row = findNode(
      d.ui.activeRoot(),
      (n) => n.clickable === true && n.children.some(byText('Battery')),
    )!;
    expect(d.ui.click(row)).toBe(true);
    expect(d.activities.foreground()?.className).toBe('com.droidproof.settings.DetailActivity');
    d.ui.global('back');
    expect(d.activities.foreground()?.className).toBe('com.droidproof.settings.MainActivity');
    d.activities.start({ packageName: 'com.droidproof.login' });
    d.ui.global('recents');
    expect(d.activities.foreground()?.packageName).toBe('com.droidproof.settings');
    d.ui.global('home');
    expect(d.activities.foreground()?.packageName).toBe('com.android.launcher3');
  });

  it('the launcher lists the installed apps and launches one on click', () => {
    const d = openApp('com.android.launcher3');
    const labels = findAllNodes(d.ui.activeRoot(), byId('com.android.launcher3:id/app_icon')).map(
      (n) => n.text,
    );
    expect(labels).toEqual([
      'Settings',
      'Chrome',
      'Settings',
      'Login',
      'Player',
      'Notifier',
      'Shopping',
      'Slow',
      'Frames',
      'Audit',
      'Chat',
    ]);
    d.ui.click(findNode(d.ui.activeRoot(), byText('Shopping'))!);
    expect(d.activities.foreground()?.packageName).toBe('com.droidproof.shopping');
  });

  it('waitForChange resolves on the next revision', async () => {
    const d = openApp('com.droidproof.settings');
    const waiting = d.ui.waitForChange(d.ui.revision);
    d.ui.click(node(d.ui.activeRoot(), 'com.droidproof.settings:id/switch_location'));
    await expect(waiting).resolves.toBeGreaterThan(0);
  });
});

describe('keyguard and overlay', () => {
  it('a locked device shows only the keyguard; a swipe up unlocks it', () => {
    const d = openApp('com.droidproof.settings');
    d.power.sleep();
    d.power.wakeUp();
    expect(d.ui.activeRoot().packageName).toBe('com.android.systemui');
    expect(
      d.ui.swipe([
        { x: 540, y: 2000 },
        { x: 540, y: 600 },
      ]),
    ).toBe(true);
    expect(d.power.keyguardLocked).toBe(false);
    expect(d.ui.activeRoot().packageName).toBe('com.droidproof.settings');
  });

  it('the on-screen log overlay is its own root window in the hierarchy', () => {
    const d = openApp('com.droidproof.settings');
    d.overlay.show('com.androperator.operator', ['hello']);
    const roots = d.ui.hierarchy().roots;
    expect(roots.map((r) => r.packageName)).toEqual(['com.droidproof.settings', 'com.androperator.operator']);
    expect(findNode(roots[1], byText('hello'))).toBeDefined();
    expect(d.ui.activeRoot().packageName).toBe('com.droidproof.settings');
  });
});
