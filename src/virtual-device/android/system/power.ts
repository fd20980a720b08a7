/**
 * Screen and lock state: display on/off, keyguard, and whether the user's
 * credential-encrypted storage is unlocked (false after a simulated reboot
 * until the first unlock, seed 001 "Before first unlock after reboot").
 */
import { Emitter } from './emitter.js';

export interface PowerState {
  screenOn: boolean;
  keyguardLocked: boolean;
  userUnlocked: boolean;
  /** `sys.boot_completed` is 1. */
  bootCompleted: boolean;
}

export class PowerManager {
  private value: PowerState = {
    screenOn: true,
    keyguardLocked: false,
    userUnlocked: true,
    bootCompleted: true,
  };
  private readonly events = new Emitter<PowerState>();

  get state(): PowerState {
    return { ...this.value };
  }

  get screenOn(): boolean {
    return this.value.screenOn;
  }

  get keyguardLocked(): boolean {
    return this.value.keyguardLocked;
  }

  get userUnlocked(): boolean {
    return this.value.userUnlocked;
  }

  get bootCompleted(): boolean {
    return this.value.bootCompleted;
  }

  /** `cmd power wakeup`, KEYCODE_WAKEUP: the screen turns on; the keyguard stays. */
  wakeUp(): void {
    this.update({ screenOn: true });
  }

  /** KEYCODE_SLEEP / power button while on: the screen turns off and the keyguard locks. */
  sleep(): void {
    this.update({ screenOn: false, keyguardLocked: true });
  }

  /** Dismisses the keyguard (swipe up / KEYCODE_MENU on an insecure lock screen); unlocks the user too. */
  unlock(): void {
    if (!this.value.screenOn) return;
    this.update({ keyguardLocked: false, userUnlocked: true });
  }

  lock(): void {
    this.update({ keyguardLocked: true });
  }

  /** A simulated reboot: locked, user not unlocked, boot not yet completed. */
  reboot(): void {
    this.update({ screenOn: true, keyguardLocked: true, userUnlocked: false, bootCompleted: false });
  }

  /** Ends a simulated boot (`sys.boot_completed` becomes 1). */
  completeBoot(): void {
    this.update({ bootCompleted: true });
  }

  set(patch: Partial<PowerState>): void {
    this.update(patch);
  }

  subscribe(fn: (state: PowerState) => void): () => void {
    return this.events.on(fn);
  }

  private update(patch: Partial<PowerState>): void {
    this.value = { ...this.value, ...patch };
    this.events.emit(this.state);
  }
}
