// Strict selection on duplicate labels: "Milk" is in three sections.
const SHOP = 'com.droidproof.shopping';
const id = (name) => ({ resourceId: `${SHOP}:id/${name}` });

describe('shopping list', () => {
  test('strict selection refuses an ambiguous target and a container resolves it', async () => {
    await device.closeApp(SHOP);
    await device.openApp(SHOP);
    await expect(device.node({ textEquals: 'Milk' })).toHaveCount(3);
    await expect(device.click({ contentDescEquals: 'Add Milk' }, { strict: true })).rejects.toThrow();
    await device.click({ contentDescEquals: 'Add Milk' }, { strict: true, container: id('section_dairy') });
    await expect(device.node(id('cart_count'))).toHaveText('Cart: 1');
  });
});
