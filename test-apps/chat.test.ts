import { describe, expect, it } from 'vitest';
import {
  byId,
  createVirtualAndroid,
  findAllNodes,
  findNode,
  PeerChannel,
} from '../src/virtual-device/android/index.js';
import { TEST_APPS } from './index.js';

const CHAT = 'com.droidproof.chat';

function phone(serial: string, peers?: PeerChannel) {
  const device = createVirtualAndroid({ serial, apps: [...TEST_APPS], clock: { mode: 'manual' }, peers });
  const node = (id: string) => findNode(device.ui.activeRoot(), byId(`${CHAT}:id/${id}`));
  const all = (id: string) =>
    findAllNodes(device.ui.activeRoot(), byId(`${CHAT}:id/${id}`)).map((n) => [n.text, n.contentDesc]);
  const say = (body: string) => {
    device.ui.setText(node('draft')!, body);
    device.ui.click(node('send')!);
  };
  return { device, node, all, say };
}

describe('chat app pair', () => {
  it("shows a message sent on one device on the farm's other devices, from its sender", () => {
    const peers = new PeerChannel();
    const [one, two, three] = ['virtual-5554', 'virtual-5556', 'virtual-5558'].map((s) => phone(s, peers));
    for (const p of [one!, two!]) p.device.activities.start({ packageName: CHAT });
    one!.say('Hello from one');
    expect(one!.all('message_out')).toEqual([['Hello from one', 'sent']]);
    expect(one!.node('draft')?.text).toBe('');
    // The receiver takes it on its own clock, never inside the sender's click.
    expect(two!.node('empty')?.text).toBe('No messages yet');
    two!.device.clock.advance(0);
    expect(two!.all('message_in')).toEqual([['Hello from one', 'from virtual-5554']]);
    two!.say('Hi one');
    one!.device.clock.advance(0);
    expect(one!.all('message_in')).toEqual([['Hi one', 'from virtual-5556']]);
    // The third phone was not running the chat: the message started it in the background.
    three!.device.clock.advance(0);
    expect(three!.device.activities.pidOf(CHAT)).toBeDefined();
    expect(three!.device.activities.foreground()?.packageName).not.toBe(CHAT);
    three!.device.activities.start({ packageName: CHAT });
    expect(three!.all('message_in')).toEqual([
      ['Hello from one', 'from virtual-5554'],
      ['Hi one', 'from virtual-5556'],
    ]);
  });

  it('sends nothing for an empty draft, and reaches no device outside the farm', () => {
    const peers = new PeerChannel();
    const one = phone('virtual-5554', peers);
    const alone = phone('virtual-5554');
    for (const p of [one, alone]) p.device.activities.start({ packageName: CHAT });
    one.say('   ');
    expect(one.node('empty')).toBeDefined();
    one.say('anyone?');
    alone.device.clock.advance(0);
    expect(alone.all('message_in')).toEqual([]);
  });
});
