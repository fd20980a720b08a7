/**
 * The matcher functions for `expect.extend`, shared by Vitest and Jest: both
 * call them with `this` holding `isNot` (and, in Vitest, `poll` and `task`).
 *
 *     expect.extend(droidproofMatchers)
 *     await expect(device).toShowNode({ textEquals: 'Saved' })
 *     await expect(device.node({ resourceId: 'app:id/title' })).toHaveText('Settings')
 */
import type { Device } from '../actuator/device/device.js';
import type { FrameStats } from '../actuator/device/gfxinfo.js';
import type { NodeMatcher } from '../contract/matcher.js';
import { type AccessibilityAuditOptions, accessibilityAuditRun } from './accessibility.js';
import { type MatcherRun, type MatcherVerdict, type RunnerState, runMatcher, usageFailure } from './core.js';
import {
  foregroundRun,
  type MediaSessionExpectation,
  mediaSessionRun,
  type NotificationExpectation,
  notificationRun,
} from './device-matchers.js';
import { isLocator, type Locator } from './locator.js';
import { countRun, hasTextRun, showNodeRun, stateRun, type WaitSettings } from './node-matchers.js';
import { type NodeQueryOptions, nodeQuery } from './node-query.js';
import { jankVerdict, startWithinRun } from './performance.js';
import type { MatcherTarget } from './ports.js';
import type { SnapshotStateLike } from './screenshot/baseline.js';
import { type ScreenshotOptions, screenshotRun } from './screenshot.js';
import { toMatcherTarget } from './target.js';

/** Options of the device node matchers. */
export interface NodeMatcherOptions extends NodeQueryOptions, WaitSettings {}

interface MatcherThis {
  isNot: boolean;
  poll?: boolean;
  currentTestName?: string;
  testPath?: string;
  task?: unknown;
  /** The runner's snapshot state (Vitest and Jest): its update mode decides whether baselines are written. */
  snapshotState?: unknown;
}

function stateOf(ctx: MatcherThis): RunnerState {
  return {
    isNot: ctx.isNot === true,
    poll: ctx.poll === true,
    currentTestName: ctx.currentTestName,
    testPath: ctx.testPath,
    task: ctx.task,
  };
}

function waitOf(options: WaitSettings | undefined, fallback: WaitSettings = {}): WaitSettings {
  return { timeout: options?.timeout ?? fallback.timeout, interval: options?.interval ?? fallback.interval };
}

/** Builds the run (argument errors become a failed verdict, never an exception) and runs it. */
async function evaluate(
  ctx: MatcherThis,
  received: unknown,
  build: (target: MatcherTarget) => MatcherRun<unknown>,
): Promise<MatcherVerdict> {
  const state = stateOf(ctx);
  try {
    const target = isLocator(received) ? received.target : toMatcherTarget(received);
    return await runMatcher(build(target), target, received, state);
  } catch (error) {
    return usageFailure(state, error);
  }
}

function requireLocator(received: unknown, name: string): Locator {
  if (!isLocator(received)) {
    throw new TypeError(`${name} is a locator matcher: use expect(device.node(matcher)).${name}()`);
  }
  return received;
}

/** A node matcher on a locator: the locator's query and wait settings, overridden per call. */
function locatorRun(
  received: unknown,
  name: string,
  options: WaitSettings | undefined,
  make: (common: Parameters<typeof showNodeRun>[1]) => MatcherRun<unknown>,
): MatcherRun<unknown> {
  const locator = requireLocator(received, name);
  return make({
    receivedLabel: locator.toString(),
    target: locator.target,
    query: locator.query,
    wait: waitOf(options, locator.options),
  });
}

function deviceNode(target: MatcherTarget, matcher: NodeMatcher, options: NodeMatcherOptions | undefined) {
  return { receivedLabel: 'device', target, query: nodeQuery(matcher, options), wait: waitOf(options) };
}

export const droidproofMatchers = {
  toShowNode(this: MatcherThis, received: unknown, matcher: NodeMatcher, options?: NodeMatcherOptions) {
    return evaluate(this, received, (target) =>
      showNodeRun('toShowNode', deviceNode(target, matcher, options)),
    );
  },

  /** Device form `(matcher, text, options?)`; locator form `(text, options?)`. */
  toHaveText(this: MatcherThis, received: unknown, ...args: unknown[]) {
    return evaluate(this, received, (target) => {
      if (isLocator(received)) {
        const [text, options] = args as [string | RegExp, WaitSettings | undefined];
        return locatorRun(received, 'toHaveText', options, (c) => hasTextRun({ ...c, text }));
      }
      const [matcher, text, options] = args as [NodeMatcher, string | RegExp, NodeMatcherOptions | undefined];
      return hasTextRun({ ...deviceNode(target, matcher, options), text });
    });
  },

  toBeInForeground(this: MatcherThis, received: unknown, applicationId: string, options?: WaitSettings) {
    return evaluate(this, received, (target) => foregroundRun(target, applicationId, waitOf(options)));
  },

  toHaveNotification(
    this: MatcherThis,
    received: unknown,
    expected: NotificationExpectation,
    options?: WaitSettings,
  ) {
    return evaluate(this, received, (target) => notificationRun(target, expected, waitOf(options)));
  },

  toHaveMediaSession(
    this: MatcherThis,
    received: unknown,
    expected: MediaSessionExpectation,
    options?: WaitSettings,
  ) {
    return evaluate(this, received, (target) => mediaSessionRun(target, expected, waitOf(options)));
  },

  toBeVisible(this: MatcherThis, received: unknown, options?: WaitSettings) {
    return evaluate(this, received, () =>
      locatorRun(received, 'toBeVisible', options, (c) => showNodeRun('toBeVisible', c)),
    );
  },

  toBeChecked(this: MatcherThis, received: unknown, options?: WaitSettings) {
    return evaluate(this, received, () =>
      locatorRun(received, 'toBeChecked', options, (c) => stateRun({ ...c, state: 'checked' })),
    );
  },

  toBeEnabled(this: MatcherThis, received: unknown, options?: WaitSettings) {
    return evaluate(this, received, () =>
      locatorRun(received, 'toBeEnabled', options, (c) => stateRun({ ...c, state: 'enabled' })),
    );
  },

  toHaveCount(this: MatcherThis, received: unknown, count: number, options?: WaitSettings) {
    return evaluate(this, received, () =>
      locatorRun(received, 'toHaveCount', options, (c) => countRun({ ...c, count })),
    );
  },

  toPassAccessibilityAudit(this: MatcherThis, received: unknown, options?: AccessibilityAuditOptions) {
    return evaluate(this, received, (target) => accessibilityAuditRun(target, options));
  },

  toMatchScreenshot(this: MatcherThis, received: unknown, name: string, options: ScreenshotOptions = {}) {
    return evaluate(this, received, (target) =>
      screenshotRun(target, name, options, {
        testPath: this.testPath,
        snapshotState: this.snapshotState as SnapshotStateLike | undefined,
      }),
    );
  },

  toStartWithin(this: MatcherThis, received: unknown, maxMs: number, applicationId: string) {
    return evaluate(this, received, (target) => startWithinRun(target, maxMs, applicationId));
  },

  /** A value matcher: judges frame statistics already read, at once. */
  toHaveJankBelow(this: MatcherThis, received: unknown, maxPercent: number) {
    return jankVerdict(received, maxPercent, this.isNot === true);
  },
};

/** What the device matchers accept: the actuator's `Device` (the test's `device`) or a `MatcherTarget`. */
export type DeviceReceived = Device | MatcherTarget;

/** `F` when `T` (the value given to `expect`) is `Allowed` or `any`; otherwise `never`, so the call does not type-check. */
type On<T, Allowed, F> = 0 extends 1 & T ? F : [T] extends [Allowed] ? F : never;

type OnDevice<T, F> = On<T, DeviceReceived, F>;
type OnFrames<T, F> = On<T, FrameStats, F>;
type OnLocator<T, F> = On<T, Locator, F>;
type LocatorText<R> = (expected: string | RegExp, options?: WaitSettings) => R;
type DeviceText<R> = (matcher: NodeMatcher, expected: string | RegExp, options?: NodeMatcherOptions) => R;

/**
 * The typed surface of the matchers. `T` is the type given to `expect(...)`:
 * device matchers exist on a device, locator matchers on `device.node(...)`;
 * anything else (`expect(5).toShowNode(...)`) does not type-check. `R` is what
 * a call returns (a promise to await). Augmented into Vitest's `Assertion`
 * and Jest's `Matchers`.
 */
export interface DroidproofMatchers<T, R> {
  /** Device: waits until a node matching `matcher` is shown (`.not`: until none is). */
  toShowNode: OnDevice<T, (matcher: NodeMatcher, options?: NodeMatcherOptions) => R>;
  /**
   * Locator `(expected, options?)`: waits until the node's text equals the string or matches the RegExp.
   * Device `(matcher, expected, options?)`: the same for the first node matching `matcher`.
   */
  toHaveText: 0 extends 1 & T
    ? LocatorText<R> & DeviceText<R>
    : [T] extends [Locator]
      ? LocatorText<R>
      : OnDevice<T, DeviceText<R>>;
  /** Device: waits until `applicationId` is the foreground app. */
  toBeInForeground: OnDevice<T, (applicationId: string, options?: WaitSettings) => R>;
  /** Device: waits until a notification matches. */
  toHaveNotification: OnDevice<T, (expected: NotificationExpectation, options?: WaitSettings) => R>;
  /** Device: waits until a media session matches. */
  toHaveMediaSession: OnDevice<T, (expected: MediaSessionExpectation, options?: WaitSettings) => R>;
  /** Locator: shown on screen (under the locator's visibility). */
  toBeVisible: OnLocator<T, (options?: WaitSettings) => R>;
  /** Locator: the node is checked. */
  toBeChecked: OnLocator<T, (options?: WaitSettings) => R>;
  /** Locator: the node is enabled. */
  toBeEnabled: OnLocator<T, (options?: WaitSettings) => R>;
  /** Locator: exactly `count` nodes match. */
  toHaveCount: OnLocator<T, (count: number, options?: WaitSettings) => R>;
  /** Device: waits until the screen has no accessibility findings (docs/matchers.md#accessibility-audit). */
  toPassAccessibilityAudit: OnDevice<T, (options?: AccessibilityAuditOptions) => R>;
  /** Device: waits until the screen matches the baseline `name` beside the test (written on the first run). */
  toMatchScreenshot: OnDevice<T, (name: string, options?: ScreenshotOptions) => R>;
  /** Device: one cold start of `applicationId` (`am start -W -S`) takes at most `maxMs` (TotalTime). */
  toStartWithin: OnDevice<T, (maxMs: number, applicationId: string) => R>;
  /** Frame statistics (`device.metrics.frames(app)`): fewer than `maxPercent` % of the frames are janky. */
  toHaveJankBelow: OnFrames<T, (maxPercent: number) => void>;
}
