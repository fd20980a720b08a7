/** The home screen: one row per installed app; tapping a row launches it. */
import { column, defineApp, scroll, text } from '../src/virtual-device/android/index.js';

export const launcherApp = defineApp({
  packageName: 'com.droidproof.launcher',
  label: 'Launcher',
  home: true,
  initialState: () => ({}),
  screens: {
    main: (_state, _params, { installedApps }) =>
      column([
        text('Apps', { id: 'title', height: 64 }),
        scroll(
          'apps_list',
          installedApps.map((app) =>
            text(app.label, {
              id: 'app_icon',
              desc: app.label,
              onClick: (ctx) => ctx.startApp(app.packageName),
            }),
          ),
          { className: 'androidx.recyclerview.widget.RecyclerView' },
        ),
      ]),
  },
});
