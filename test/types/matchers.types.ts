/**
 * Type tests, checked by `npm run typecheck` (never run): every
 * `@ts-expect-error` line must fail to compile, every other line must compile.
 * They pin down which matchers `expect(...)` offers for which value, and that
 * the global `device` of the `import { test } from 'vitest'` style is typed.
 */
import { expect, test } from 'vitest';
import type { TestDevice } from '../../src/environment/vitest/index.js';
import type { Locator } from '../../src/matchers/locator.js';

declare const node: Locator;
declare const someValue: unknown;

test('device matchers on the global device, locator matchers on a locator', async () => {
  // The global: typed without importing anything from droidproof in this file's test API.
  const d: TestDevice = device;
  await expect(d).toShowNode({ textEquals: 'Saved' });
  await expect(device).toShowNode({ textEquals: 'Saved' }, { timeout: 1000, visibility: 'all' });
  await expect(device).toHaveText({ resourceId: 'app:id/title' }, 'Settings');
  await expect(device).toBeInForeground('com.droidproof.settings');
  await expect(device).toHaveNotification({ applicationId: 'com.droidproof.notifier' });
  await expect(device).toHaveMediaSession({ applicationId: 'com.droidproof.player', state: 'playing' });
  await expect(device).not.toShowNode({ textEquals: 'Loading' });

  await expect(device.node({ textEquals: 'Wi-Fi' })).toBeVisible();
  await expect(node).toHaveText(/Settings/);
  await expect(node).toBeChecked();
  await expect(node).toBeEnabled({ timeout: 200 });
  await expect(node).toHaveCount(3);
  await expect(node).not.toBeVisible();
});

test('wrong receivers do not type-check', async () => {
  // @ts-expect-error not a device
  await expect(5).toShowNode({ textEquals: 'x' });
  // @ts-expect-error not a device
  await expect('device').toBeInForeground('com.droidproof.settings');
  // @ts-expect-error unknown is not known to be a device
  await expect(someValue).toShowNode({ textEquals: 'x' });
  // @ts-expect-error locator-only matcher on a device
  await expect(device).toBeVisible();
  // @ts-expect-error locator-only matcher on a device
  await expect(device).toBeChecked();
  // @ts-expect-error locator-only matcher on a device
  await expect(device).toHaveCount(1);
  // @ts-expect-error the locator form of toHaveText on a device
  await expect(device).toHaveText('Settings');
  // @ts-expect-error device-only matcher on a locator
  await expect(node).toShowNode({ textEquals: 'x' });
  // @ts-expect-error the device form of toHaveText on a locator
  await expect(node).toHaveText({ textEquals: 'x' }, 'x');
  // @ts-expect-error a matcher that does not exist
  await expect(device).toBeShown();
});
