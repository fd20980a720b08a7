/**
 * Shared pieces of the notification and media payloads (seeds 000, 001):
 * `schemaVersion: 1`, `observedElapsedMs` and `deviceState` at completion,
 * the listener-access check, and text truncation to `maxTextChars`.
 */
import type { ActionContext } from './context.js';
import { StepFailure } from './envelope.js';

export function deviceStatePayload(ctx: ActionContext): {
  screenOn: boolean;
  deviceLocked: boolean;
  userUnlocked: boolean;
} {
  const state = ctx.platform.deviceState();
  return { screenOn: state.screenOn, deviceLocked: state.deviceLocked, userUnlocked: state.userUnlocked };
}

/** Serializes a schemaVersion 1 payload closed by the observation time and device state. */
export function payloadJson(ctx: ActionContext, body: Record<string, unknown>): string {
  return JSON.stringify({
    schemaVersion: 1,
    ...body,
    observedElapsedMs: Math.round(ctx.platform.now()),
    deviceState: deviceStatePayload(ctx),
  });
}

/** Notification access must be granted and the listener connected (seed 001:8, 000:15). */
export function requireListener(ctx: ActionContext): void {
  const listener = ctx.platform.notifications.listener(ctx.state.packageName);
  if (!listener.access) {
    throw new StepFailure('NOTIFICATION_ACCESS_DENIED', 'Notification access is not granted to the Operator');
  }
  if (!listener.connected) {
    throw new StepFailure('NOTIFICATION_LISTENER_DISCONNECTED', 'The notification listener is not connected');
  }
}

/** Cuts a text to `max` UTF-16 units without splitting a surrogate pair. */
export function truncateText(value: string | null, max: number): { text: string | null; truncated: boolean } {
  if (value === null || value.length <= max) return { text: value, truncated: false };
  const cut = /[\ud800-\udbff]/.test(value[max - 1]) ? max - 1 : max;
  return { text: value.slice(0, cut), truncated: true };
}

/** Results are capped at 64,000 payload bytes as well as item limits (seed 001:12). */
export const MAX_LISTING_PAYLOAD_BYTES = 64_000;
