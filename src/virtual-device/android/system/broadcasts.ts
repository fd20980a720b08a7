/**
 * Broadcast receivers registered by packages, and delivery of what
 * `am broadcast` sends (`-a`, `-p`, `-n`, typed `--es/--ei/--ez` extras).
 */
export type ExtraValue = string | number | boolean;

export interface BroadcastIntent {
  action: string | undefined;
  /** `-p`: only receivers of this package get it. */
  packageName: string | undefined;
  /** `-n pkg/.Receiver`: explicit component; its package restricts delivery too. */
  component: string | undefined;
  extras: Record<string, ExtraValue>;
  /** `--receiver-foreground` (FLAG_RECEIVER_FOREGROUND). */
  foreground: boolean;
}

export type BroadcastHandler = (intent: BroadcastIntent) => void;

interface Receiver {
  action: string;
  packageName: string;
  handler: BroadcastHandler;
}

export class BroadcastDispatcher {
  private readonly receivers = new Set<Receiver>();

  /** Registers a receiver of `action` in `packageName`; returns the unregister function. */
  register(action: string, packageName: string, handler: BroadcastHandler): () => void {
    const receiver = { action, packageName, handler };
    this.receivers.add(receiver);
    return () => this.receivers.delete(receiver);
  }

  /**
   * Delivers to every matching receiver and returns how many got it. Handlers
   * run synchronously; a receiver that has long work must continue it
   * asynchronously (like `goAsync()`), `am broadcast` does not wait for it.
   */
  send(intent: BroadcastIntent, isRunnable: (packageName: string) => boolean): number {
    const targetPackage = intent.packageName ?? intent.component?.split('/')[0];
    let delivered = 0;
    for (const receiver of [...this.receivers]) {
      if (receiver.action !== intent.action) continue;
      if (targetPackage !== undefined && receiver.packageName !== targetPackage) continue;
      if (!isRunnable(receiver.packageName)) continue;
      delivered++;
      receiver.handler(intent);
    }
    return delivered;
  }
}
