// Notifications: a group with its summary, listed through the Operator.
const NOTIFIER = 'com.droidproof.notifier';

describe('notifications', () => {
  test('a posted group shows every message and the summary', async () => {
    await device.closeApp(NOTIFIER);
    await device.openApp(NOTIFIER);
    await device.node({ resourceId: `${NOTIFIER}:id/post_group` }).click();
    await expect(device).toHaveNotification({ applicationId: NOTIFIER, title: '3 new messages' });
    const { notifications } = await device.notifications.list({ applicationId: NOTIFIER });
    const titles = notifications.map((n) => n.title);
    expect(titles).toEqual(expect.arrayContaining(['Ada', 'Grace', 'Linus']));
  });
});
