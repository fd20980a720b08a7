// A login form: validation messages and a successful sign-in.
const LOGIN = 'com.droidproof.login';
const id = (name) => ({ resourceId: `${LOGIN}:id/${name}` });

describe('login', () => {
  beforeEach(async () => {
    await device.closeApp(LOGIN);
    await device.openApp(LOGIN);
  });

  test('rejects an invalid email', async () => {
    await device.node(id('email')).enterText('not-an-email');
    await device.node(id('password')).enterText('long enough');
    await device.node(id('sign_in')).click();
    await expect(device.node(id('email_error'))).toHaveText('Enter a valid email');
  });

  test('signs in with valid credentials', async () => {
    await device.node(id('email')).enterText('linus@example.com');
    await device.node(id('password')).enterText('correct horse');
    await device.node(id('sign_in')).click();
    await expect(device.node(id('welcome'))).toHaveText('Welcome, linus@example.com');
  });
});
