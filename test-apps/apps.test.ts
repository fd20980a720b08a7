import { describe, expect, it } from 'vitest';
import {
  type AndroidNode,
  byId,
  byText,
  createVirtualAndroid,
  findAllNodes,
  findNode,
} from '../src/virtual-device/android/index.js';
import { TEST_APPS } from './index.js';
import { LOCKED_EMAIL } from './login.js';
import { SLOW_TIMING } from './slow.js';

function open(packageName: string) {
  const device = createVirtualAndroid({
    serial: 'virtual-5554',
    apps: [...TEST_APPS],
    clock: { mode: 'manual' },
  });
  device.activities.start({ packageName });
  const root = () => device.ui.activeRoot();
  const id = (name: string) => findNode(root(), byId(`${packageName}:id/${name}`));
  return { device, root, id };
}

const texts = (root: AndroidNode) => findAllNodes(root, (n) => n.text !== '').map((n) => n.text);

describe('settings app', () => {
  it('has a long list (60 rows) that the search field filters', () => {
    const { device, id } = open('com.droidproof.settings');
    expect(findAllNodes(id('settings_list')!, byId('com.droidproof.settings:id/settings_row'))).toHaveLength(
      54,
    );
    device.ui.setText(id('search')!, 'blue');
    expect(texts(id('settings_list')!)).toEqual(['Bluetooth']);
    device.ui.setText(id('search')!, 'zzz');
    expect(id('empty')?.text).toBe('No results');
  });

  it('keeps switch states across force-stop (persistent keys) but not other state', () => {
    const { device, id } = open('com.droidproof.settings');
    device.ui.click(id('switch_dark_theme')!);
    device.ui.setText(id('search')!, 'Dark');
    device.activities.forceStop('com.droidproof.settings');
    device.activities.start({ packageName: 'com.droidproof.settings' });
    expect(id('switch_dark_theme')!.checked).toBe(true);
    expect(id('search')!.text).toBe('');
  });
});

describe('login app', () => {
  it('shows validation errors for empty and malformed input', () => {
    const { device, id } = open('com.droidproof.login');
    device.ui.click(id('sign_in')!);
    expect(id('email_error')?.text).toBe('Email is required');
    expect(id('password_error')?.text).toBe('Password must be at least 8 characters');
    device.ui.setText(id('email')!, 'not-an-email');
    device.ui.click(id('sign_in')!);
    expect(id('email_error')?.text).toBe('Enter a valid email');
  });

  it('submits with the IME action and lands on the welcome screen', () => {
    const { device, id } = open('com.droidproof.login');
    device.ui.setText(id('email')!, 'ada@example.com');
    device.ui.setText(id('password')!, 'correct horse');
    expect(device.ui.imeAction()).toBe(true);
    expect(device.activities.foreground()?.className).toBe('com.droidproof.login.WelcomeActivity');
    expect(id('welcome')?.text).toBe('Welcome, ada@example.com');
  });

  it('opens a modal dialog for a locked account', () => {
    const { device, id } = open('com.droidproof.login');
    device.ui.setText(id('email')!, LOCKED_EMAIL);
    device.ui.setText(id('password')!, 'whatever123');
    device.ui.click(id('sign_in')!);
    const dialog = device.ui.activeRoot();
    expect(findNode(dialog, byId('android:id/alertTitle'))?.text).toBe('Account locked');
    device.ui.click(findNode(dialog, byText('OK'))!);
    expect(device.ui.hierarchy().roots).toHaveLength(1);
  });
});

describe('shopping app', () => {
  it('repeats labels and buttons across nested section containers (for strict selection)', () => {
    const { root } = open('com.droidproof.shopping');
    expect(findAllNodes(root(), byText('Milk'))).toHaveLength(3);
    expect(findAllNodes(root(), byText('Add')).length).toBeGreaterThanOrEqual(8);
    const dairy = findNode(root(), byId('com.droidproof.shopping:id/section_dairy'))!;
    expect(findAllNodes(dairy, byText('Apples'))).toHaveLength(1);
  });

  it('adds the item of the clicked row to the cart, and new items from the field', () => {
    const { device, root, id } = open('com.droidproof.shopping');
    const dairy = findNode(root(), byId('com.droidproof.shopping:id/section_dairy'))!;
    device.ui.click(findNode(dairy, (n) => n.contentDesc === 'Add Milk')!);
    expect(id('cart_count')?.text).toBe('Cart: 1');
    expect(device.activities.app('com.droidproof.shopping')!.state.cart).toEqual(['Dairy/Milk']);
    device.ui.click(id('add_item')!);
    expect(device.toasts.history().map((t) => t.text)).toEqual(['Type an item first']);
    device.ui.setText(id('new_item')!, 'Cherries');
    device.ui.click(id('add_item')!);
    expect(findNode(root(), byText('Cherries'))).toBeDefined();
  });
});

describe('slow app', () => {
  it('shows content only after the load delay, then reflows when the banner arrives', () => {
    const { device, id } = open('com.droidproof.slow');
    expect(id('status')?.text).toBe('Loading…');
    device.clock.advance(SLOW_TIMING.loadMs - 1);
    expect(id('status')?.text).toBe('Loading…');
    device.clock.advance(1);
    expect(id('status')?.text).toBe('Results loaded');
    const before = id('status')!.bounds!.top;
    device.clock.advance(SLOW_TIMING.bannerMs - SLOW_TIMING.loadMs);
    expect(id('banner')?.text).toBe('Update available');
    expect(id('status')!.bounds!.top).toBeGreaterThan(before);
  });

  it('animates a view frame by frame, each frame a new UI revision, then settles', () => {
    const { device, id } = open('com.droidproof.slow');
    device.clock.advance(SLOW_TIMING.loadMs);
    const left0 = id('slider')!.bounds!.left;
    const revision = device.ui.revision;
    device.clock.advance(SLOW_TIMING.frameMs * 5);
    expect(id('slider')!.bounds!.left).toBeGreaterThan(left0);
    expect(device.ui.revision).toBeGreaterThanOrEqual(revision + 5);
    device.clock.advance(SLOW_TIMING.frameMs * SLOW_TIMING.slideFrames);
    const settled = device.ui.revision;
    device.clock.advance(5000);
    expect(device.ui.revision).toBe(settled);
  });

  it('answers Save with a toast after a delay; force-stop cancels pending timers', () => {
    const { device, id } = open('com.droidproof.slow');
    device.ui.click(id('save')!);
    device.clock.advance(SLOW_TIMING.saveMs);
    expect(device.toasts.visible().map((t) => t.text)).toEqual(['Saved']);
    device.ui.click(id('save')!);
    device.activities.forceStop('com.droidproof.slow');
    device.clock.advance(10_000);
    expect(device.toasts.history()).toHaveLength(1);
  });
});

describe('notifier app (seed 001)', () => {
  it('posts a message whose action runs in the app and cancels the notification', () => {
    const { device, id } = open('com.droidproof.notifier');
    device.ui.click(id('post_message')!);
    const [message] = device.notifications.active('com.droidproof.notifier');
    expect(message.actions.map((a) => [a.title, a.requiresInput, a.requiresAuthentication])).toEqual([
      ['Mark as read', false, false],
      ['Reply', true, false],
      ['Open vault', false, true],
      ['Expired link', false, false],
    ]);
    expect(device.notifications.invokeAction(message.key, message.revision, 3)).toEqual({
      status: 'cancelled',
    });
    expect(device.notifications.invokeAction(message.key, message.revision, 0)).toEqual({ status: 'sent' });
    expect(device.notifications.get(message.key)).toBeUndefined();
    expect(id('read_count')?.text).toBe('Read: 1');
  });

  it('runs an ongoing download with progress that completes and becomes clearable', () => {
    const { device, id } = open('com.droidproof.notifier');
    device.ui.click(id('post_download')!);
    const key = device.notifications.active()[0].key;
    expect(device.notifications.get(key)).toMatchObject({
      ongoing: true,
      clearable: false,
      progress: { value: 0, max: 100 },
    });
    device.clock.advance(1000);
    expect(device.notifications.get(key)!.progress?.value).toBe(50);
    device.clock.advance(1000);
    expect(device.notifications.get(key)).toMatchObject({
      title: 'Download complete',
      ongoing: false,
      clearable: true,
      progress: null,
      revision: 5,
    });
  });

  it('posts a group with a summary', () => {
    const { device, id } = open('com.droidproof.notifier');
    device.ui.click(id('post_group')!);
    const chat = device.notifications.active().filter((n) => n.group === 'chat');
    expect(chat).toHaveLength(4);
    expect(chat.filter((n) => n.groupSummary).map((n) => n.title)).toEqual(['3 new messages']);
  });

  it('force-stop removes the app notifications', () => {
    const { device, id } = open('com.droidproof.notifier');
    device.ui.click(id('post_group')!);
    device.activities.forceStop('com.droidproof.notifier');
    expect(device.notifications.active()).toEqual([]);
  });
});

describe('player app (seed 000)', () => {
  it('opens a media session on start and plays from the UI, publishing reports every second', () => {
    const { device, id } = open('com.droidproof.player');
    const [session] = device.media.list('com.droidproof.player');
    expect(session.metadata).toEqual({ title: 'Ocean Drive', artist: 'The Virtuals', durationMs: 215_000 });
    const reports: number[] = [];
    device.media.subscribe((e) => e.type === 'report' && reports.push(e.report.positionMs));
    device.ui.click(id('play_pause')!);
    device.clock.advance(3000);
    expect(reports).toEqual([0, 1000, 2000, 3000]);
    expect(id('play_pause')?.text).toBe('Pause');
  });

  it('replaces its session and goes temporarily inactive', () => {
    const { device, id } = open('com.droidproof.player');
    const [first] = device.media.list();
    device.ui.click(id('replace')!);
    const [second] = device.media.list();
    expect(second.sessionId).not.toBe(first.sessionId);
    device.ui.click(id('toggle_active')!);
    expect(device.media.list()).toEqual([]);
    device.ui.click(id('toggle_active')!);
    expect(device.media.list().map((s) => s.sessionId)).toEqual([second.sessionId]);
  });

  it('force-stop releases the session', () => {
    const { device } = open('com.droidproof.player');
    device.activities.forceStop('com.droidproof.player');
    expect(device.media.list()).toEqual([]);
  });
});

describe('device creation', () => {
  it('starts a device with all test apps in well under 100 ms', () => {
    const started = performance.now();
    for (let i = 0; i < 10; i++)
      createVirtualAndroid({ serial: `virtual-${5554 + 2 * i}`, apps: [...TEST_APPS] }).ui.hierarchy();
    expect((performance.now() - started) / 10).toBeLessThan(20);
  });
});
