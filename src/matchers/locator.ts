/**
 * Playwright-style locators: `createLocator(device, matcher)` is lazy (it
 * observes nothing until used); its actions wait until the node is shown,
 * then act through the device, and `expect(locator)` matchers re-observe on
 * every attempt.
 */

import { DroidproofError } from '../contract/errors.js';
import type { NodeMatcher } from '../contract/matcher.js';
import { explainNodeAction } from './action-failure.js';
import { observations, runMatcher } from './core.js';
import { formatMatcher } from './describe.js';
import { showNodeRun, type WaitSettings } from './node-matchers.js';
import { type NodeQuery, type NodeQueryOptions, nodeQuery } from './node-query.js';
import type { NodeActor } from './ports.js';
import { matcherSettingsOf, withMatcherSettings } from './settings.js';
import { type ActingTarget, toMatcherTarget } from './target.js';

export interface LocatorOptions extends NodeQueryOptions, WaitSettings {}

const LOCATOR = Symbol.for('droidproof.locator');

export class Locator {
  readonly [LOCATOR] = true;
  readonly query: NodeQuery;

  constructor(
    readonly target: ActingTarget,
    matcher: NodeMatcher,
    readonly options: LocatorOptions = {},
  ) {
    this.query = nodeQuery(matcher, options);
  }

  get matcher(): NodeMatcher {
    return this.query.matcher;
  }

  /** How the locator appears in failure messages. */
  toString(): string {
    return `locator(${formatMatcher(this.query.matcher)})`;
  }

  /** Waits until the node is shown (matcher timeout), then clicks it. */
  async click(options: WaitSettings = {}): Promise<unknown> {
    const call = this.callLabel('click()');
    await this.waitShown(call, options);
    return this.act(call, () => this.actor('click').click(this.query.matcher));
  }

  /** Waits until the node is shown, then types `text` into it. */
  async enterText(text: string, options: WaitSettings = {}): Promise<unknown> {
    const call = this.callLabel(`enterText(${JSON.stringify(text)})`);
    await this.waitShown(call, options);
    return this.act(call, () => this.actor('enterText').enterText(this.query.matcher, text));
  }

  /** Waits until the node is shown, then reads its text through the device (`read_text`). */
  async read(options: WaitSettings = {}): Promise<string> {
    const call = this.callLabel('read()');
    await this.waitShown(call, options);
    return this.act(call, () => this.actor('readText').readText(this.query.matcher));
  }

  /** How a failure names the call: `device.node({ textEquals: 'Save' }).click()`. */
  private callLabel(method: string): string {
    return `device.node(${formatMatcher(this.query.matcher)}).${method}`;
  }

  /** The action itself; a selection error (the screen changed after the wait) is explained like a matcher failure. */
  private act<T>(call: string, act: () => Promise<T>): Promise<T> {
    return explainNodeAction({
      call,
      target: this.target,
      received: this,
      matcher: this.query.matcher,
      query: this.options,
      act,
    });
  }

  private actor(method: keyof NodeActor): NodeActor {
    if (typeof this.target[method] !== 'function') {
      throw new DroidproofError('MATCHER_TARGET_UNSUPPORTED', `this device cannot ${method}`);
    }
    return this.target as NodeActor;
  }

  private async waitShown(call: string, wait: WaitSettings): Promise<void> {
    const run = showNodeRun(call, {
      receivedLabel: this.toString(),
      target: this.target,
      query: this.query,
      wait: {
        timeout: wait.timeout ?? this.options.timeout,
        interval: wait.interval ?? this.options.interval,
      },
    });
    const verdict = await runMatcher(run, this.target, this, {
      isNot: false,
      headline: (failure) =>
        `${call} failed: no node matching ${formatMatcher(this.query.matcher)} was shown within ${failure.elapsedMs} ms (${observations(failure)})`,
    });
    if (!verdict.pass)
      throw new DroidproofError('NODE_NOT_FOUND', verdict.message(), { matcher: this.query.matcher });
  }
}

export function isLocator(value: unknown): value is Locator {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[LOCATOR] === true;
}

/**
 * A lazy locator for `matcher` on `device` (a MatcherTarget or the actuator's Device); it waits and
 * captures evidence with the device's matcher settings.
 */
export function createLocator(device: unknown, matcher: NodeMatcher, options: LocatorOptions = {}): Locator {
  return withMatcherSettings(
    new Locator(toMatcherTarget(device), matcher, options),
    matcherSettingsOf(device),
  );
}
