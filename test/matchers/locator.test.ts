import { beforeAll, describe, expect, it } from 'vitest';
import { createLocator } from '../../src/matchers/locator.js';
import { installVitestMatchers } from '../../src/matchers/vitest.js';
import { FakeDevice } from './fake-device.js';
import { failureOf, QUICK } from './helpers.js';

beforeAll(() => installVitestMatchers(expect));

describe('locators', () => {
  it('are lazy: creating one observes nothing', () => {
    const device = new FakeDevice();
    createLocator(device, { textEquals: 'Wi-Fi' });
    expect(device.observations).toBe(0);
  });

  it('toBeVisible, toHaveText, toHaveCount re-observe', async () => {
    const device = new FakeDevice();
    const rows = createLocator(device, { resourceId: 'com.example.settings:id/row' }, QUICK);
    await expect(rows).toHaveCount(2);
    await expect(
      createLocator(device, { resourceId: 'com.example.settings:id/row' }, { visibility: 'all' }),
    ).toHaveCount(3);
    await expect(createLocator(device, { textEquals: 'Wi-Fi' })).toBeVisible();
    await expect(createLocator(device, { textEquals: 'About phone' }, QUICK)).not.toBeVisible();
    await expect(createLocator(device, { resourceId: 'com.example.settings:id/title' })).toHaveText(
      'Settings',
    );
    const message = await failureOf(expect(rows).toHaveCount(5));
    expect(message).toContain(
      'expect(locator({"resourceId":"com.example.settings:id/row"})).toHaveCount(...)',
    );
    expect(message).toContain('Observed: 2 nodes matched');
  });

  it('toBeChecked waits for the switch to turn on', async () => {
    const device = new FakeDevice();
    const toggle = createLocator(device, { role: 'switch' }, { timeout: 1000, interval: 30 });
    await expect(toggle).not.toBeChecked();
    device.later(90, (d) => {
      d.node('0.1.2').checked = true;
    });
    await expect(toggle).toBeChecked();
  });

  it('toBeEnabled reports a disabled node', async () => {
    const bluetooth = createLocator(new FakeDevice(), { textEquals: 'Bluetooth' }, QUICK);
    await expect(bluetooth).not.toBeEnabled();
    const message = await failureOf(expect(bluetooth).toBeEnabled());
    expect(message).toContain('Observed: 1 node matched; enabled is false');
    expect(message).toMatch(/matches but is disabled: "Bluetooth"/);
  });

  it('state matchers need the node: a missing node fails both forms', async () => {
    const missing = createLocator(new FakeDevice(), { textEquals: 'Nope' }, QUICK);
    await failureOf(expect(missing).toBeChecked());
    await failureOf(expect(missing).not.toBeChecked());
  });

  it('actions wait for the node, then act through the device', async () => {
    const device = new FakeDevice();
    device.node('0.1.0').text = 'Loading';
    device.later(100, (d) => {
      d.node('0.1.0').text = 'Wi-Fi';
    });
    const wifi = createLocator(device, { textEquals: 'Wi-Fi' }, { timeout: 1000, interval: 30 });
    await wifi.click();
    await wifi.enterText('home');
    expect(await wifi.read()).toBe('text');
    expect(device.actions).toEqual([
      'click {"textEquals":"Wi-Fi"}',
      'enterText {"textEquals":"Wi-Fi"} home',
      'readText {"textEquals":"Wi-Fi"}',
    ]);
    const gone = createLocator(device, { textEquals: 'Nope' }, QUICK);
    await expect(gone.click()).rejects.toMatchObject({ code: 'NODE_NOT_FOUND' });
    expect(device.actions).toHaveLength(3);
  });

  it('locator matchers refuse a device', async () => {
    // @ts-expect-error locator matchers do not type-check on a device; at run time they fail with a message.
    expect(await failureOf(expect(new FakeDevice()).toBeVisible())).toMatch(/locator matcher/);
  });
});
