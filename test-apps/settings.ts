/**
 * A settings-like app: a search field over a long scrolling list (60 rows),
 * switches whose state survives a force-stop, and detail screens reached by
 * tapping a row or by the deep link `droidproof://settings/<title>`.
 */
import {
  button,
  column,
  defineApp,
  input,
  row,
  scroll,
  text,
  toggle,
} from '../src/virtual-device/android/index.js';

const SWITCHES = ['Wi-Fi', 'Bluetooth', 'Airplane mode', 'Dark theme', 'Location', 'Do not disturb'] as const;
const PAGES = [
  'Network & internet',
  'Connected devices',
  'Apps',
  'Notifications',
  'Battery',
  'Storage',
  'Sound & vibration',
  'Display',
  'Wallpaper & style',
  'Accessibility',
  'Security & privacy',
  'Passwords & accounts',
];
/** 6 switches + 12 pages + 42 numbered options = 60 rows. */
const ROWS = [...PAGES, ...Array.from({ length: 42 }, (_, i) => `Option ${i + 1}`)];

interface SettingsState {
  query: string;
  switches: Record<string, boolean>;
}

export const settingsApp = defineApp<SettingsState>({
  packageName: 'com.droidproof.settings',
  label: 'Settings',
  versionName: '2.4.0',
  initialState: () => ({
    query: '',
    switches: {
      'Wi-Fi': true,
      Bluetooth: false,
      'Airplane mode': false,
      'Dark theme': false,
      Location: true,
      'Do not disturb': false,
    },
  }),
  persistent: ['switches'],
  screens: {
    main: (s) => {
      const q = s.query.toLowerCase();
      const matches = (label: string) => label.toLowerCase().includes(q);
      return column([
        text('Settings', { id: 'toolbar_title', height: 64 }),
        input('search', {
          hint: 'Search settings',
          text: s.query,
          onText: (ctx, value) => ctx.set({ query: value }),
        }),
        scroll(
          'settings_list',
          [
            ...SWITCHES.filter(matches).map((label) =>
              toggle<SettingsState>(
                `switch_${label.replace(/\W+/g, '_').toLowerCase()}`,
                s.switches[label],
                (ctx) => {
                  ctx.state.switches = { ...ctx.state.switches, [label]: !ctx.state.switches[label] };
                },
                { text: label },
              ),
            ),
            ...ROWS.filter(matches).map((label) =>
              row([text(label, { id: 'title' })], {
                id: 'settings_row',
                onClick: (ctx) => ctx.navigate('detail', { title: label }),
              }),
            ),
          ],
          { className: 'androidx.recyclerview.widget.RecyclerView' },
        ),
        ...(q && !SWITCHES.some(matches) && !ROWS.some(matches) ? [text('No results', { id: 'empty' })] : []),
      ]);
    },
    detail: (_s, params) => {
      const title = params.title ?? decodeURIComponent(params.uri?.split('/').pop() ?? '');
      return column([
        text(title, { id: 'toolbar_title', height: 64 }),
        text(`${title} settings`, { id: 'summary' }),
        button('Back', (ctx) => ctx.finish(), { id: 'back' }),
      ]);
    },
  },
  deepLinks: [{ prefix: 'droidproof://settings/', screen: 'detail' }],
});
