// Strict selection: the same label appears in several sections; a container makes the target unique.
import { describe, expect, test } from 'droidproof/vitest';

const SHOP = 'com.droidproof.shopping';
const id = (name: string) => ({ resourceId: `${SHOP}:id/${name}` });

describe('shopping list', () => {
  test('an ambiguous label is rejected under strict selection', async ({ device }) => {
    await device.closeApp(SHOP);
    await device.openApp(SHOP);
    await expect(device.node({ textEquals: 'Milk' })).toHaveCount(3);
    await expect(device.click({ contentDescEquals: 'Add Milk' }, { strict: true })).rejects.toMatchObject({
      code: expect.stringMatching(/AMBIGUOUS|MULTIPLE/),
    });
    await expect(device.node(id('cart_count'))).toHaveText('Cart: 0');
  });

  test('a container picks the one in the right section', async ({ device }) => {
    await device.closeApp(SHOP);
    await device.openApp(SHOP);
    await device.click({ contentDescEquals: 'Add Milk' }, { strict: true, container: id('section_bakery') });
    await expect(device.node(id('cart_count'))).toHaveText('Cart: 1');
  });
});
