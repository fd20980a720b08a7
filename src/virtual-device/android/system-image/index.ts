/**
 * The system image a fresh virtual device boots with: launcher, Settings, a
 * browser, SystemUI and the usual system packages, all `pm list packages -s`.
 */
import type { AppDefinition } from '../app/types.js';
import { browserApp } from './browser.js';
import { launcherApp } from './launcher.js';
import { SYSTEM_APP_IMAGE, SYSTEM_PACKAGES } from './packages.js';
import { systemSettingsApp } from './settings.js';

export { browserApp, launcherApp, SYSTEM_APP_IMAGE, SYSTEM_PACKAGES, systemSettingsApp };

export const SYSTEM_APPS: readonly AppDefinition[] = [launcherApp, systemSettingsApp, browserApp];
