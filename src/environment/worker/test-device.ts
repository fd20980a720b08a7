/** The `device` tests get: the actuator's `Device` plus `device.node(matcher)` locators. */
import type { Device } from '../../actuator/device/device.js';
import type { NodeMatcher } from '../../contract/matcher.js';
import { createLocator, type Locator, type LocatorOptions } from '../../matchers/locator.js';

export type TestDevice = Device & {
  /** A lazy locator: `await device.node({ textEquals: 'Save' }).click()`, `await expect(device.node(m)).toBeShown()`. */
  node(matcher: NodeMatcher, options?: LocatorOptions): Locator;
};

export function toTestDevice(device: Device): TestDevice {
  const node = (matcher: NodeMatcher, options?: LocatorOptions) => createLocator(device, matcher, options);
  return Object.assign(device, { node });
}
