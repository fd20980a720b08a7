// Two devices in one test: a chat message sent on one appears on the other.
import { expect, test } from 'droidproof/vitest';

const CHAT = 'com.droidproof.chat';
const id = (name: string) => ({ resourceId: `${CHAT}:id/${name}` });

// Every test in this file gets two devices, granted together: `devices[0]` is the worker's own.
test.override({ devicesPerTest: 2 });

test('a message sent on one device appears on the other', async ({ devices }) => {
  const [alice, bob] = devices;
  await Promise.all([alice!.closeApp(CHAT), bob!.closeApp(CHAT)]);
  await Promise.all([alice!.openApp(CHAT), bob!.openApp(CHAT)]);
  await alice!.node(id('draft')).enterText('Lunch at noon?');
  await alice!.node(id('send')).click();
  await expect(alice!.node(id('message_out'))).toHaveText('Lunch at noon?');
  await expect(devices[1]).toShowNode({ ...id('message_in'), textEquals: 'Lunch at noon?' });
  await expect(bob!).toShowNode({ ...id('message_in'), contentDescEquals: `from ${alice!.serial}` });
});
