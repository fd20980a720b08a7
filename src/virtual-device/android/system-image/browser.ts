/**
 * The browser (Chrome's package, `com.android.chrome`): it handles every
 * `http:` and `https:` VIEW intent, which is where `open_uri` and
 * `am start -a android.intent.action.VIEW -d https://...` land. It shows the
 * URL in `url_bar` and a page titled by the host; it has no network.
 */
import { defineApp } from '../app/define-app.js';
import { column, input, text } from '../app/views.js';

function hostOf(uri: string): string {
  try {
    return new URL(uri).host;
  } catch {
    return uri;
  }
}

export const browserApp = defineApp({
  packageName: 'com.android.chrome',
  label: 'Chrome',
  versionName: '113.0.5672.136',
  versionCode: 567213633,
  initialState: () => ({}),
  screens: {
    main: () =>
      column([
        input('search_box_text', { hint: 'Search or type web address' }),
        text('New tab', { id: 'title' }),
      ]),
    page: (_state, params) =>
      column([
        text(params.uri ?? '', { id: 'url_bar', className: 'android.widget.EditText' }),
        text(hostOf(params.uri ?? ''), { id: 'title' }),
        text("This site can't be reached", { id: 'error_title' }),
      ]),
  },
  deepLinks: [
    { prefix: 'http://', screen: 'page' },
    { prefix: 'https://', screen: 'page' },
  ],
});
