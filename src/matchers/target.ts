/** Turns what a test passes to `expect(...)` into a `MatcherTarget`. */
import { DroidproofError } from '../contract/errors.js';
import { matcherConfig } from './config.js';
import { deviceTarget, isActuatorDevice } from './device-target.js';
import { isMatcherTarget, type MatcherTarget, type NodeActor } from './ports.js';

export type ActingTarget = MatcherTarget & Partial<NodeActor>;

const adapted = new WeakMap<object, ActingTarget>();

/** A target for `received`: itself when it is one, else the configured adapter, else the actuator Device adapter. */
export function toMatcherTarget(received: unknown): ActingTarget {
  if (isMatcherTarget(received)) return received;
  if (typeof received === 'object' && received !== null) {
    const cached = adapted.get(received);
    if (cached) return cached;
    const target =
      matcherConfig().adapt?.(received) ?? (isActuatorDevice(received) ? deviceTarget(received) : undefined);
    if (target) {
      adapted.set(received, target);
      return target;
    }
  }
  throw new DroidproofError(
    'MATCHER_TARGET_UNSUPPORTED',
    `droidproof matchers need a device or a locator, received ${received === null ? 'null' : typeof received}`,
  );
}
