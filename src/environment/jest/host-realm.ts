/**
 * Jest runs tests in a vm context: an object literal written in a test has
 * that context's `Object.prototype`, which the contract's plain-JSON check
 * rejects. The `device` global therefore copies every argument into this
 * realm (structured clone) before it reaches the actuator.
 */
import type { TestDevice } from '../worker/test-device.js';

const NAMESPACES = new Set(['notifications', 'media', 'recording']);

function toHostRealm(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  try {
    return structuredClone(value);
  } catch {
    return value;
  }
}

function wrapMethods<T extends object>(target: T, nested: ReadonlySet<string>): T {
  return new Proxy(target, {
    get(object, key, receiver) {
      const value = Reflect.get(object, key, receiver);
      if (typeof key === 'string' && nested.has(key) && typeof value === 'object' && value !== null) {
        return wrapMethods(value, new Set());
      }
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => value.apply(object, args.map(toHostRealm));
    },
  });
}

export function hostRealmDevice(device: TestDevice): TestDevice {
  return wrapMethods(device, NAMESPACES);
}
