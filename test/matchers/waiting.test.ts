import { describe, expect, it } from 'vitest';
import { createLocator } from '../../src/matchers/locator.js';
import { matcherSettingsOf, withMatcherSettings } from '../../src/matchers/settings.js';
import { installVitestMatchers } from '../../src/matchers/vitest.js';
import { FakeDevice } from './fake-device.js';
import { failureOf } from './helpers.js';

installVitestMatchers(expect);

const SAVED = { textEquals: 'Saved' };

function removeFooter(device: FakeDevice) {
  device.node('0').children.splice(2, 1);
}

describe('waiting', () => {
  it('passes on the first observation when the node is there', async () => {
    const device = new FakeDevice();
    await expect(device).toShowNode(SAVED);
    expect(device.observations).toBe(1);
  });

  it('passes within one polling interval after a delayed change', async () => {
    const device = new FakeDevice();
    removeFooter(device);
    const shown = device.later(300, (d) => {
      d.node('0.1.0').text = 'Saved';
    });
    await expect(device).toShowNode(SAVED, { interval: 50, timeout: 2000 });
    const passedAt = Date.now();
    const changedAt = await shown;
    expect(passedAt - changedAt).toBeLessThanOrEqual(50 + 25);
    expect(device.observations).toBeGreaterThan(3);
  });

  it('.not waits for the node to disappear', async () => {
    const device = new FakeDevice();
    const started = Date.now();
    const gone = device.later(250, removeFooter);
    await expect(device).not.toShowNode(SAVED, { interval: 50, timeout: 2000 });
    const goneAt = await gone;
    expect(Date.now() - started).toBeGreaterThanOrEqual(240);
    expect(Date.now() - goneAt).toBeLessThanOrEqual(75);
  });

  it('fails after its timeout, observing afresh every interval', async () => {
    const device = new FakeDevice();
    const started = Date.now();
    const message = await failureOf(
      expect(device).toShowNode({ textEquals: 'Nope' }, { timeout: 300, interval: 50 }),
    );
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(300);
    expect(elapsed).toBeLessThan(800);
    expect(device.observations).toBeGreaterThanOrEqual(5);
    expect(message).toMatch(/failed after \d+ ms \(\d+ observations\)/);
  });

  it('.not fails when the node stays, listing what still matches', async () => {
    const device = new FakeDevice();
    const message = await failureOf(expect(device).not.toShowNode(SAVED, { timeout: 200, interval: 50 }));
    expect(message).toContain('expect(device).not.toShowNode(...)');
    expect(message).toContain('Expected: no node matching {"textEquals":"Saved"}');
    expect(message).toContain('Observed: 1 node matched');
    expect(message).toMatch(
      /1\. matched: "Saved" TextView com\.example\.settings:id\/toast \[0,2200\]\[1080,2400\]/,
    );
  });

  it('waits as long as the settings the device carries say, and a locator as long as its device', async () => {
    const device = withMatcherSettings(new FakeDevice(), { timeout: 150, interval: 30 });
    let started = Date.now();
    await failureOf(expect(device).toShowNode({ textEquals: 'Nope' }));
    expect(Date.now() - started).toBeLessThan(600);
    started = Date.now();
    await failureOf(expect(createLocator(device, { textEquals: 'Nope' })).toBeVisible());
    expect(Date.now() - started).toBeLessThan(600);
    // Another device in the same worker keeps its own (default 5 s) wait.
    expect(matcherSettingsOf(new FakeDevice()).timeout).toBe(5000);
  });

  it('refuses settings no timer can hold', () => {
    expect(() => withMatcherSettings(new FakeDevice(), { timeout: 3_000_000_000 })).toThrow(
      expect.objectContaining({ code: 'MATCHER_INVALID' }),
    );
    expect(() => withMatcherSettings(new FakeDevice(), { interval: -1 })).toThrow(/interval/);
  });

  it('never passes on an observation taken before the matcher started', async () => {
    const device = new FakeDevice();
    const stale = await device.observe();
    const cached = { observe: async () => stale };
    await new Promise((resolve) => setTimeout(resolve, 5));
    const message = await failureOf(expect(cached).toShowNode(SAVED, { timeout: 150, interval: 50 }));
    expect(message).toMatch(/Observed: observation taken \d+ ms before the matcher started/);
  });

  it('treats a failed observation as undecided: neither form passes', async () => {
    const device = new FakeDevice();
    device.failWith = new Error('UI tree unavailable');
    const positive = await failureOf(expect(device).toShowNode(SAVED, { timeout: 100, interval: 50 }));
    const negative = await failureOf(expect(device).not.toShowNode(SAVED, { timeout: 100, interval: 50 }));
    for (const message of [positive, negative])
      expect(message).toContain('observation failed: UI tree unavailable');
  });

  it('does a single check inside expect.poll', async () => {
    const device = new FakeDevice();
    removeFooter(device);
    device.later(200, (d) => {
      d.node('0.1.0').text = 'Saved';
    });
    const started = Date.now();
    await expect.poll(() => device, { interval: 50, timeout: 2000 }).toShowNode(SAVED);
    const calls = device.observations;
    expect(Date.now() - started).toBeLessThan(1000);
    expect(calls).toBeGreaterThanOrEqual(3);

    const failing = new FakeDevice();
    const pollStarted = Date.now();
    const message = await failureOf(
      expect.poll(() => failing, { interval: 50, timeout: 300 }).toShowNode({ textEquals: 'Nope' }),
    );
    // Each matcher call observed exactly once, so the poll's own 300 ms bound the wait, not the matcher's 5 s.
    expect(Date.now() - pollStarted).toBeLessThan(1500);
    expect(message).toContain('single check inside expect.poll');
  });
});
