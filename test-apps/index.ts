/**
 * The test apps the virtual device runs (third-party apps: the launcher,
 * Settings and the browser come with the system image). `TEST_APPS` is what
 * `createVirtualAndroid({ apps: TEST_APPS })` installs by default in
 * droidproof's own tests.
 */
import type { AppDefinition } from '../src/virtual-device/android/index.js';
import { auditApp } from './audit.js';
import { chatApp } from './chat.js';
import { framesApp } from './frames.js';
import { loginApp } from './login.js';
import { notifierApp } from './notifier.js';
import { playerApp } from './player.js';
import { settingsApp } from './settings.js';
import { shoppingApp } from './shopping.js';
import { slowApp } from './slow.js';

export { auditApp, chatApp, framesApp, loginApp, notifierApp, playerApp, settingsApp, shoppingApp, slowApp };

export const TEST_APPS: readonly AppDefinition[] = [
  settingsApp,
  loginApp,
  playerApp,
  notifierApp,
  shoppingApp,
  slowApp,
  framesApp,
  auditApp,
  chatApp,
];
