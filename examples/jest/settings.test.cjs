// Settings: scrolling a long list to a row, a detail screen, and search. `device` is the worker's leased device.
const SETTINGS = 'com.droidproof.settings';
const id = (name) => ({ resourceId: `${SETTINGS}:id/${name}` });

describe('settings', () => {
  test('scrolls to a row far down the list and opens it', async () => {
    await device.openApp(SETTINGS);
    await expect(device).toBeInForeground(SETTINGS);
    await device.scrollAndClick({ textEquals: 'Option 25' }, { container: id('settings_list') });
    await expect(device.node(id('summary'))).toHaveText('Option 25 settings');
    await device.node({ textEquals: 'Back' }).click();
    await expect(device.node(id('search'))).toBeVisible();
  });

  test('search narrows the list', async () => {
    await device.openApp(SETTINGS);
    await device.node(id('search')).enterText('stor');
    await expect(device).toShowNode({ textEquals: 'Storage' });
    await expect(device.node(id('settings_row'))).toHaveCount(1);
  });
});
