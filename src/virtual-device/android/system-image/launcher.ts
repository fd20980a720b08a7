/** The home screen (AOSP Launcher3's package): one row per launchable app; tapping a row launches it. */
import { defineApp } from '../app/define-app.js';
import { column, scroll, text } from '../app/views.js';

export const launcherApp = defineApp({
  packageName: 'com.android.launcher3',
  label: 'Quickstep',
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
