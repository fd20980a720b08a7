/**
 * A chat app for tests that drive two devices: what one device sends appears
 * on every other device of the same farm (the farm's peer channel, like a
 * chat server between two phones). Sent messages show as `message_out`,
 * received ones as `message_in` with the sender's serial in their
 * description; the newest comes last. Messages live in the process: a
 * force-stop clears the conversation on that device.
 */

import type { AppContext } from '../src/virtual-device/android/index.js';
import { button, column, defineApp, input, row, scroll, text } from '../src/virtual-device/android/index.js';

interface ChatMessage {
  /** The sender's serial; undefined for this device's own messages. */
  from?: string;
  body: string;
}

interface ChatState {
  draft: string;
  messages: ChatMessage[];
}

function send(ctx: AppContext<ChatState>): void {
  const body = ctx.state.draft.trim();
  if (!body) return;
  ctx.sendToPeers(body);
  ctx.set({ draft: '', messages: [...ctx.state.messages, { body }] });
}

export const chatApp = defineApp<ChatState>({
  packageName: 'com.droidproof.chat',
  label: 'Chat',
  versionName: '1.0.0',
  initialState: () => ({ draft: '', messages: [] }),
  screens: {
    main: (s) =>
      column([
        text('Chat', { id: 'title', height: 64 }),
        s.messages.length === 0
          ? text('No messages yet', { id: 'empty' })
          : scroll(
              'messages',
              s.messages.map((m) =>
                m.from === undefined
                  ? text(m.body, { id: 'message_out', desc: 'sent' })
                  : text(m.body, { id: 'message_in', desc: `from ${m.from}` }),
              ),
            ),
        row([
          input('draft', {
            hint: 'Message',
            text: s.draft,
            weight: 3,
            onText: (ctx, v) => ctx.set({ draft: v }),
            onImeAction: send,
          }),
          button('Send', send, { id: 'send' }),
        ]),
      ]),
  },
  onPeerMessage: (ctx, message) =>
    ctx.set({ messages: [...ctx.state.messages, { from: message.from, body: message.body }] }),
});
