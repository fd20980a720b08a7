/** Turns what a test passes to `expect(...)` into a `MatcherTarget`. */
import { DroidproofError } from '../contract/errors.js';
import { deviceTarget, isActuatorDevice } from './device-target.js';
import { isMatcherTarget, type MatcherTarget, type NodeActor } from './ports.js';

export type ActingTarget = MatcherTarget & Partial<NodeActor>;

const adapted = new WeakMap<object, ActingTarget>();

/** A target for `received`: itself when it is one (anything with `observe()`), else the actuator Device adapter. */
export function toMatcherTarget(received: unknown): ActingTarget {
  if (isMatcherTarget(received)) return received;
  if (isActuatorDevice(received)) {
    const target = adapted.get(received) ?? deviceTarget(received);
    adapted.set(received, target);
    return target;
  }
  throw new DroidproofError(
    'MATCHER_TARGET_UNSUPPORTED',
    `droidproof matchers need a device or a locator, received ${received === null ? 'null' : typeof received}`,
  );
}
