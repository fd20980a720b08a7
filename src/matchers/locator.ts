/**
 * Playwright-style locators: `createLocator(device, matcher)` is lazy (it
 * observes nothing until used); its actions wait until the node is shown,
 * then act through the device, and `expect(locator)` matchers re-observe on
 * every attempt.
 */

import { DroidproofError } from '../contract/errors.js';
import type { NodeMatcher } from '../contract/matcher.js';
import { runMatcher } from './core.js';
import { formatMatcher } from './describe.js';
import { showNodeRun, type WaitSettings } from './node-matchers.js';
import { type NodeQuery, type NodeQueryOptions, nodeQuery } from './node-query.js';
import type { NodeActor } from './ports.js';
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
    await this.waitShown(options);
    return this.actor('click').click(this.query.matcher);
  }

  /** Waits until the node is shown, then types `text` into it. */
  async enterText(text: string, options: WaitSettings = {}): Promise<unknown> {
    await this.waitShown(options);
    return this.actor('enterText').enterText(this.query.matcher, text);
  }

  /** Waits until the node is shown, then reads its text through the device (`read_text`). */
  async read(options: WaitSettings = {}): Promise<string> {
    await this.waitShown(options);
    return this.actor('readText').readText(this.query.matcher);
  }

  private actor(method: keyof NodeActor): NodeActor {
    if (typeof this.target[method] !== 'function') {
      throw new DroidproofError('MATCHER_TARGET_UNSUPPORTED', `this device cannot ${method}`);
    }
    return this.target as NodeActor;
  }

  private async waitShown(wait: WaitSettings): Promise<void> {
    const run = showNodeRun('toBeVisible', {
      receivedLabel: this.toString(),
      target: this.target,
      query: this.query,
      wait: {
        timeout: wait.timeout ?? this.options.timeout,
        interval: wait.interval ?? this.options.interval,
      },
    });
    const verdict = await runMatcher(run, this.target, this, { isNot: false, evidence: false });
    if (!verdict.pass)
      throw new DroidproofError('NODE_NOT_FOUND', verdict.message(), { matcher: this.query.matcher });
  }
}

export function isLocator(value: unknown): value is Locator {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[LOCATOR] === true;
}

/** A lazy locator for `matcher` on `device` (a MatcherTarget, or anything the target adapters accept). */
export function createLocator(device: unknown, matcher: NodeMatcher, options: LocatorOptions = {}): Locator {
  return new Locator(toMatcherTarget(device), matcher, options);
}
