import { beforeAll, describe, expect, it } from 'vitest';
import { installVitestMatchers } from '../../src/matchers/vitest.js';
import { FakeDevice } from './fake-device.js';
import { failureOf, QUICK } from './helpers.js';

beforeAll(() => installVitestMatchers(expect));

describe('failure messages', () => {
  it('shows expected vs observed, the foreground app and a same-text-other-case candidate', async () => {
    const message = await failureOf(expect(new FakeDevice()).toShowNode({ textEquals: 'Dark Theme' }, QUICK));
    expect(message).toContain('Expected: a node matching {"textEquals":"Dark Theme"} (visibility on_screen)');
    expect(message).toContain('Observed: no node matched');
    expect(message).toContain('Foreground app: com.example.settings');
    expect(message).toMatch(
      /1\. same text, different case: "Dark theme" Switch com\.example\.settings:id\/toggle \[0,560\]\[1080,720\] path 0\.1\.2/,
    );
  });

  it('points at text sharing words with the expected text', async () => {
    const device = new FakeDevice();
    device.node('0.1.3').text = 'Welcome, ada@example.com';
    const message = await failureOf(expect(device).toShowNode({ textEquals: 'Welcome back, Ada' }, QUICK));
    expect(message).toMatch(/1\. similar text: "Welcome, ada@example\.com"/);
  });

  it('points at an offscreen match', async () => {
    const message = await failureOf(
      expect(new FakeDevice()).toShowNode({ textEquals: 'About phone' }, QUICK),
    );
    expect(message).toMatch(/matches but is offscreen or hidden .*"About phone"/);
  });

  it('points at the right text outside the container', async () => {
    const message = await failureOf(
      expect(new FakeDevice()).toShowNode(
        { textEquals: 'Saved' },
        { ...QUICK, container: { resourceId: 'com.example.settings:id/list' } },
      ),
    );
    expect(message).toContain('inside {"resourceId":"com.example.settings:id/list"}');
    expect(message).toMatch(/right node, outside the container or relation: "Saved" .*id\/toast/);
    expect(message).toMatch(/same text, different case: "saved"/);
  });

  it('reports ambiguity counts in strict mode and lists the matches', async () => {
    const matcher = { resourceId: 'com.example.settings:id/row' };
    const message = await failureOf(expect(new FakeDevice()).toShowNode(matcher, { ...QUICK, strict: true }));
    expect(message).toContain('Expected: exactly one node matching');
    expect(message).toContain('Observed: 2 nodes matched');
    expect(message).toMatch(/matches but is disabled: "Bluetooth"/);
    expect(message).toMatch(/matched: "Wi-Fi"/);
    expect(message).toMatch(/offscreen or hidden .*"About phone"/);
    // Without strict, the same matcher passes.
    await expect(new FakeDevice()).toShowNode(matcher, QUICK);
  });

  it('names a bad matcher instead of waiting', async () => {
    const started = Date.now();
    const message = await failureOf(expect(new FakeDevice()).toShowNode({} as never));
    expect(Date.now() - started).toBeLessThan(100);
    expect(message).toMatch(/invalid node matcher/);
  });

  it('refuses a value that is not a device', async () => {
    // @ts-expect-error device matchers do not type-check on a number; at run time they fail with a message.
    expect(await failureOf(expect(42).toShowNode({ textEquals: 'x' }))).toMatch(/need a device or a locator/);
  });
});

describe('device matchers', () => {
  it('toHaveText waits for the text and shows the current one', async () => {
    const device = new FakeDevice();
    device.later(100, (d) => {
      d.node('0.1.3').text = 'Saved!';
    });
    const status = { resourceId: 'com.example.settings:id/status' };
    await expect(device).toHaveText(status, /^Saved!$/, { timeout: 1000, interval: 30 });
    const message = await failureOf(expect(device).toHaveText(status, 'Done', QUICK));
    expect(message).toContain('Observed: 1 node matched; its text is "Saved!"');
    await expect(device).not.toHaveText(status, 'Done', QUICK);
  });

  it('toBeInForeground follows the foreground app', async () => {
    const device = new FakeDevice();
    device.later(80, (d) => {
      d.foreground = 'com.example.player';
    });
    await expect(device).toBeInForeground('com.example.player', { timeout: 1000, interval: 30 });
    const message = await failureOf(expect(device).toBeInForeground('com.example.settings', QUICK));
    expect(message).toContain('Observed: foreground app is com.example.player');
  });

  it('toHaveNotification matches application, title and text', async () => {
    const device = new FakeDevice();
    device.later(60, (d) => {
      d.notificationList.push({
        applicationId: 'com.example.notifier',
        title: 'Upload done',
        text: '3 files',
      });
    });
    await expect(device).toHaveNotification(
      { applicationId: 'com.example.notifier', title: 'Upload done', text: /files$/ },
      { timeout: 1000, interval: 20 },
    );
    const message = await failureOf(
      expect(device).toHaveNotification({ applicationId: 'com.example.notifier', title: 'Failed' }, QUICK),
    );
    expect(message).toContain(
      'Expected: a notification with applicationId "com.example.notifier", title "Failed"',
    );
    expect(message).toContain('1 notification(s): com.example.notifier "Upload done" "3 files"');
    device.later(50, (d) => d.notificationList.splice(0));
    await expect(device).not.toHaveNotification(
      { applicationId: 'com.example.notifier' },
      { timeout: 1000, interval: 20 },
    );
  });

  it('toHaveMediaSession matches the state', async () => {
    const device = new FakeDevice();
    device.sessions = [{ applicationId: 'com.example.player', state: 'paused' }];
    device.later(60, (d) => {
      d.sessions[0].state = 'playing';
    });
    await expect(device).toHaveMediaSession(
      { applicationId: 'com.example.player', state: 'playing' },
      { timeout: 1000, interval: 20 },
    );
    await expect(device).not.toHaveMediaSession(
      { applicationId: 'com.example.player', state: 'stopped' },
      QUICK,
    );
  });
});
