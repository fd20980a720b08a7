// Two devices in one test: a chat message sent on one appears on the other.
const CHAT = 'com.droidproof.chat';
const id = (name) => ({ resourceId: `${CHAT}:id/${name}` });

test('a message sent on one device appears on the other', async () => {
  // Both granted together; the first is the worker's own `device`. They go back when the test ends.
  const [alice, bob] = await useDevices(2);
  await Promise.all([alice.closeApp(CHAT), bob.closeApp(CHAT)]);
  await Promise.all([alice.openApp(CHAT), bob.openApp(CHAT)]);
  await alice.node(id('draft')).enterText('Lunch at noon?');
  await alice.node(id('send')).click();
  await expect(bob).toShowNode({ ...id('message_in'), textEquals: 'Lunch at noon?' });
  await expect(bob).toShowNode({ ...id('message_in'), contentDescEquals: `from ${alice.serial}` });
});
