/**
 * The channel between the devices of one farm: what an app sends with
 * `ctx.sendToPeers` reaches the same app on every other device that joined,
 * the way a chat app's messages reach the other phone through its server.
 * In process and in order; each receiver takes the message on its own clock
 * (`schedule(0)`), so a send never runs another device's handlers inside the
 * sender's. A device that joined no farm has a channel of its own and no peers.
 */

/** A message as the receiving app gets it. */
export interface PeerMessage {
  /** The sending device's serial. */
  from: string;
  packageName: string;
  body: string;
}

export type PeerReceiver = (message: PeerMessage) => void;

/** One device's end: sends to every other device of the channel. */
export interface PeerLink {
  send(packageName: string, body: string): void;
  leave(): void;
}

export class PeerChannel {
  private readonly members = new Map<string, PeerReceiver>();

  join(serial: string, receive: PeerReceiver): PeerLink {
    this.members.set(serial, receive);
    return {
      send: (packageName, body) => {
        for (const [peer, deliver] of this.members)
          if (peer !== serial) deliver({ from: serial, packageName, body });
      },
      leave: () => this.members.delete(serial),
    };
  }
}
