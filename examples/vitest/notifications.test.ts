// Notifications: posted by the app, listed through the Operator, acted on from the shade.
import { describe, expect, test } from 'droidproof/vitest';

const NOTIFIER = 'com.droidproof.notifier';
const id = (name: string) => ({ resourceId: `${NOTIFIER}:id/${name}` });

describe('notifications', () => {
  test('a posted message can be marked as read from its action', async ({ device }) => {
    await device.closeApp(NOTIFIER);
    await device.openApp(NOTIFIER);
    await device.node(id('post_message')).click();
    await expect(device).toHaveNotification({
      applicationId: NOTIFIER,
      title: 'New message',
      text: 'Lunch at noon?',
    });

    const { notifications } = await device.notifications.list({ applicationId: NOTIFIER });
    const message = notifications.find((n) => n.title === 'New message');
    const markRead = message?.actions.find((a) => a.title === 'Mark as read');
    expect(markRead).toBeDefined();
    await device.notifications.invoke(message!.key, markRead!.actionId);
    await expect(device.node(id('read_count'))).toHaveText('Read: 1');
    await expect(device).not.toHaveNotification({ applicationId: NOTIFIER, title: 'New message' });
  });

  test('a download notification completes', async ({ device }) => {
    await device.closeApp(NOTIFIER);
    await device.openApp(NOTIFIER);
    await device.node(id('post_download')).click();
    await expect(device).toHaveNotification({ applicationId: NOTIFIER, title: 'Downloading' });
    await expect(device).toHaveNotification({
      applicationId: NOTIFIER,
      title: 'Download complete',
      text: '100%',
    });
  });
});
