/**
 * The system Settings app (`com.android.settings`): the top-level list of an
 * Android 14 phone, a page per row, and the `android.settings.*` actions that
 * clients and doctor guidance open (`am start -a android.settings.SETTINGS`).
 */
import { defineApp } from '../app/define-app.js';
import { button, column, row, scroll, text } from '../app/views.js';

/** Top-level rows with their summaries, as on an Android 14 emulator. */
const PAGES: ReadonlyArray<readonly [title: string, summary: string]> = [
  ['Network & internet', 'Mobile, Wi‑Fi, hotspot'],
  ['Connected devices', 'Bluetooth, pairing'],
  ['Apps', 'Recent apps, default apps'],
  ['Notifications', 'Notification history, conversations'],
  ['Battery', '100%'],
  ['Storage', '25% used - 24 GB free'],
  ['Sound & vibration', 'Volume, haptics, Do Not Disturb'],
  ['Display', 'Dark theme, font size, brightness'],
  ['Wallpaper & style', 'Colors, themed icons, app grid'],
  ['Accessibility', 'Display, interaction, audio'],
  ['Security & privacy', 'App security, device lock, permissions'],
  ['Location', 'On - 0 apps have access to location'],
  ['Passwords & accounts', 'Saved passwords, autofill, synced accounts'],
  ['System', 'Languages, gestures, time, backup'],
  ['About emulated device', 'sdk_gphone64_x86_64'],
];

/** `android.settings.*` intent actions and the page each opens (the rest open the top-level list). */
const ACTION_PAGES: Record<string, string> = {
  'android.settings.WIRELESS_SETTINGS': 'Network & internet',
  'android.settings.WIFI_SETTINGS': 'Network & internet',
  'android.settings.BLUETOOTH_SETTINGS': 'Connected devices',
  'android.settings.APPLICATION_SETTINGS': 'Apps',
  'android.settings.DISPLAY_SETTINGS': 'Display',
  'android.settings.ACCESSIBILITY_SETTINGS': 'Accessibility',
  'android.settings.LOCATION_SOURCE_SETTINGS': 'Location',
  'android.settings.SECURITY_SETTINGS': 'Security & privacy',
  'android.settings.DEVICE_INFO_SETTINGS': 'About emulated device',
  'android.settings.APPLICATION_DEVELOPMENT_SETTINGS': 'System',
  'android.settings.ACTION_NOTIFICATION_LISTENER_SETTINGS': 'Notifications',
};

export const systemSettingsApp = defineApp({
  packageName: 'com.android.settings',
  label: 'Settings',
  versionName: '14',
  versionCode: 34,
  initialState: () => ({}),
  screens: {
    main: () =>
      column([
        text('Settings', { id: 'homepage_title', height: 64 }),
        scroll(
          'main_content_scrollable_container',
          PAGES.map(([title, summary]) =>
            row(
              [
                column([
                  text(title, { id: 'android:id/title' }),
                  text(summary, { id: 'android:id/summary' }),
                ]),
              ],
              {
                id: 'dashboard_tile',
                onClick: (ctx) => ctx.navigate('subSettings', { title }),
              },
            ),
          ),
          { className: 'androidx.recyclerview.widget.RecyclerView' },
        ),
      ]),
    subSettings: (_state, params) =>
      column([
        text(params.title ?? 'Settings', { id: 'collapsing_toolbar', height: 64 }),
        text(PAGES.find(([title]) => title === params.title)?.[1] ?? '', { id: 'android:id/summary' }),
        button('Navigate up', (ctx) => ctx.finish(), { desc: 'Navigate up' }),
      ]),
  },
  actions: {
    'android.settings.SETTINGS': { screen: 'main' },
    ...Object.fromEntries(
      Object.entries(ACTION_PAGES).map(([action, title]) => [
        action,
        { screen: 'subSettings', params: { title } },
      ]),
    ),
  },
});
