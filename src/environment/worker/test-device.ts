/**
 * The `device` tests get: the actuator's `Device` plus `device.node(matcher)`
 * locators; its node actions explain a missing node like a matcher failure
 * (the call, what the screen showed, the closest candidates, the evidence).
 * The device carries its matcher settings: its matchers wait and capture
 * evidence the way the session that leased it says.
 */
import type { Device } from '../../actuator/device/device.js';
import type { NodeMatcher } from '../../contract/matcher.js';
import { explainNodeAction } from '../../matchers/action-failure.js';
import { formatMatcher } from '../../matchers/describe.js';
import { deviceTarget } from '../../matchers/device-target.js';
import { createLocator, type Locator, type LocatorOptions } from '../../matchers/locator.js';
import type { NodeQueryOptions } from '../../matchers/node-query.js';
import { type MatcherSettings, withMatcherSettings } from '../../matchers/settings.js';

export type TestDevice = Device & {
  /** A lazy locator: `await device.node({ textEquals: 'Save' }).click()`, `await expect(device.node(m)).toBeVisible()`. */
  node(matcher: NodeMatcher, options?: LocatorOptions): Locator;
};

/** The Device methods whose first argument is the node matcher. */
const NODE_ACTIONS = ['click', 'longClick', 'enterText', 'readText', 'scrollAndClick'] as const;

function queryOf(options: unknown): NodeQueryOptions {
  const { container, strict } = (options ?? {}) as NodeQueryOptions;
  return { ...(container ? { container } : {}), ...(strict ? { strict } : {}) };
}

export function toTestDevice(device: Device, settings: Partial<MatcherSettings>): TestDevice {
  const node = (matcher: NodeMatcher, options?: LocatorOptions) => createLocator(device, matcher, options);
  const target = deviceTarget(device);
  const explained: Partial<Record<(typeof NODE_ACTIONS)[number], unknown>> = {};
  for (const name of NODE_ACTIONS) {
    const original = device[name] as (matcher: NodeMatcher, ...rest: unknown[]) => Promise<unknown>;
    explained[name] = (matcher: NodeMatcher, ...rest: unknown[]) =>
      explainNodeAction({
        call: `device.${name}(${[formatMatcher(matcher), ...rest.map((a) => JSON.stringify(a))].join(', ')})`,
        target,
        received: device,
        matcher,
        query: queryOf(name === 'enterText' ? rest[1] : rest[0]),
        act: () => original.call(device, matcher, ...rest),
      });
  }
  return withMatcherSettings(Object.assign(device, explained, { node }), settings);
}
