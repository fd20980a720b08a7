// This test fails on purpose: the greeting it expects is not the one the app shows.
// The report shows the screenshot with the closest candidates outlined, the UI hierarchy,
// the action timeline and logcat of the failing moment.
import { expect, test } from 'droidproof/vitest';

const LOGIN = 'com.droidproof.login';
const id = (name: string) => ({ resourceId: `${LOGIN}:id/${name}` });

test('greets a returning user by name (fails on purpose)', async ({ device }) => {
  await device.closeApp(LOGIN);
  await device.openApp(LOGIN);
  await device.node(id('email')).enterText('ada@example.com');
  await device.node(id('password')).enterText('correct horse');
  await device.node(id('sign_in')).click();
  await expect(device).toShowNode({ textEquals: 'Welcome back, Ada' });
});
