/**
 * A login form: email and password fields, validation errors under the
 * fields, the IME action submitting the form, a welcome screen on success
 * and a modal dialog for a locked account.
 */

import type { AppContext } from '../src/virtual-device/android/index.js';
import { button, column, defineApp, input, text } from '../src/virtual-device/android/index.js';

interface LoginState {
  email: string;
  password: string;
  emailError: string;
  passwordError: string;
  locked: boolean;
}

export const LOCKED_EMAIL = 'locked@example.com';

function submit(ctx: AppContext<LoginState>): void {
  const { email, password } = ctx.state;
  const emailError = !email
    ? 'Email is required'
    : /^[^@\s]+@[^@\s]+\.\w+$/.test(email)
      ? ''
      : 'Enter a valid email';
  const passwordError = password.length >= 8 ? '' : 'Password must be at least 8 characters';
  ctx.set({ emailError, passwordError });
  if (emailError || passwordError) return;
  if (email === LOCKED_EMAIL) ctx.set({ locked: true });
  else ctx.navigate('welcome', { email });
}

export const loginApp = defineApp<LoginState>({
  packageName: 'com.droidproof.login',
  label: 'Login',
  versionName: '1.3.1',
  initialState: () => ({ email: '', password: '', emailError: '', passwordError: '', locked: false }),
  screens: {
    main: (s) =>
      column([
        text('Sign in', { id: 'title', height: 72 }),
        input('email', {
          hint: 'Email',
          text: s.email,
          onText: (ctx, v) => ctx.set({ email: v, emailError: '' }),
        }),
        ...(s.emailError ? [text(s.emailError, { id: 'email_error', color: '#d93025' })] : []),
        input('password', {
          hint: 'Password',
          text: s.password,
          password: true,
          sensitive: true,
          onText: (ctx, v) => ctx.set({ password: v, passwordError: '' }),
          onImeAction: submit,
        }),
        ...(s.passwordError ? [text(s.passwordError, { id: 'password_error', color: '#d93025' })] : []),
        button('Sign in', submit, { id: 'sign_in' }),
      ]),
    welcome: (_s, params) =>
      column([
        text(`Welcome, ${params.email}`, { id: 'welcome', height: 72 }),
        button('Sign out', (ctx) => ctx.finish(), { id: 'sign_out' }),
      ]),
  },
  dialog: (s) =>
    s.locked
      ? {
          title: 'Account locked',
          message: 'Too many attempts. Try again later.',
          buttons: [{ text: 'OK', onClick: (ctx) => ctx.set({ locked: false }) }],
        }
      : undefined,
});
