// Settings: a long list that needs scrolling, a detail screen, and a switch that survives a restart.
import { describe, expect, test } from 'droidproof/vitest';

const SETTINGS = 'com.droidproof.settings';
const list = { resourceId: `${SETTINGS}:id/settings_list` };

describe('settings', () => {
  test('scrolls to a row far down the list and opens it', async ({ device }) => {
    await device.openApp(SETTINGS);
    await expect(device).toBeInForeground(SETTINGS);
    await device.scrollAndClick({ textEquals: 'Option 30' }, { container: list });
    await expect(device.node({ resourceId: `${SETTINGS}:id/summary` })).toHaveText('Option 30 settings');
    await device.node({ textEquals: 'Back' }).click();
    await expect(device.node({ resourceId: `${SETTINGS}:id/search` })).toBeVisible();
  });

  test('a deep link opens a detail screen, and back returns to the list', async ({ device }) => {
    await device.openUri('droidproof://settings/Battery');
    await expect(device.node({ resourceId: `${SETTINGS}:id/toolbar_title` })).toHaveText('Battery');
    await device.back();
    await expect(device.node({ resourceId: `${SETTINGS}:id/toolbar_title` })).toHaveText('Settings');
  });

  test('search narrows the list', async ({ device }) => {
    await device.openApp(SETTINGS);
    await device.node({ resourceId: `${SETTINGS}:id/search` }).enterText('batt');
    await expect(device).toShowNode({ textEquals: 'Battery' });
    await expect(device.node({ resourceId: `${SETTINGS}:id/settings_row` })).toHaveCount(1);
  });
});
