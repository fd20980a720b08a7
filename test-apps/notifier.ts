/**
 * Posts notifications (seed 001): a message with buttons (one needing
 * RemoteInput, one needing authentication, one whose PendingIntent was
 * cancelled), an ongoing download with progress that completes, and a group
 * with a summary.
 */

import type { AppContext } from '../src/virtual-device/android/index.js';
import { button, column, defineApp, text } from '../src/virtual-device/android/index.js';

interface NotifierState {
  markedRead: number;
  downloadPercent: number;
}

export const IDS = { message: 1, download: 2, groupSummary: 10 } as const;

function postMessage(ctx: AppContext<NotifierState>): void {
  ctx.notify({
    id: IDS.message,
    title: 'New message',
    text: 'Lunch at noon?',
    group: 'messages',
    actions: [
      {
        title: 'Mark as read',
        onInvoke: (c) => {
          c.cancelNotification(IDS.message);
          c.set({ markedRead: c.state.markedRead + 1 });
          c.toast('Marked as read');
        },
      },
      { title: 'Reply', requiresInput: true },
      { title: 'Open vault', requiresAuthentication: true },
      { title: 'Expired link', cancelled: true },
    ],
  });
}

function postDownload(ctx: AppContext<NotifierState>): void {
  ctx.set({ downloadPercent: 0 });
  const publish = (c: AppContext<NotifierState>) => {
    const done = c.state.downloadPercent >= 100;
    c.notify({
      id: IDS.download,
      title: done ? 'Download complete' : 'Downloading',
      text: `${c.state.downloadPercent}%`,
      ongoing: !done,
      progress: done ? null : { value: c.state.downloadPercent, max: 100, indeterminate: false },
    });
  };
  publish(ctx);
  const timer = ctx.every(500, (c) => {
    c.state.downloadPercent = Math.min(100, c.state.downloadPercent + 25);
    publish(c);
    if (c.state.downloadPercent >= 100) timer.cancel();
  });
}

function postGroup(ctx: AppContext<NotifierState>): void {
  for (const [i, who] of ['Ada', 'Grace', 'Linus'].entries()) {
    ctx.notify({ id: 20 + i, title: who, text: `Message from ${who}`, group: 'chat' });
  }
  ctx.notify({
    id: IDS.groupSummary,
    title: '3 new messages',
    text: 'Ada, Grace, Linus',
    group: 'chat',
    groupSummary: true,
  });
}

export const notifierApp = defineApp<NotifierState>({
  packageName: 'com.droidproof.notifier',
  label: 'Notifier',
  versionName: '0.9.0',
  initialState: () => ({ markedRead: 0, downloadPercent: 0 }),
  screens: {
    main: (s) =>
      column([
        text('Notifier', { id: 'title', height: 64 }),
        button('Post message', postMessage, { id: 'post_message' }),
        button('Start download', postDownload, { id: 'post_download' }),
        button('Post group', postGroup, { id: 'post_group' }),
        text(`Read: ${s.markedRead}`, { id: 'read_count' }),
        text(s.downloadPercent > 0 ? `Download ${s.downloadPercent}%` : 'No download', {
          id: 'download_status',
        }),
      ]),
  },
});
