/**
 * Waiting postcondition matchers: one core, Vitest and Jest adapters,
 * Playwright-style locators.
 */
export type { MatcherVerdict, RunnerState } from './core.js';
export type { MediaSessionExpectation, NotificationExpectation } from './device-matchers.js';
export { deviceTarget, foregroundPackageOf } from './device-target.js';
export { createLocator, isLocator, Locator, type LocatorOptions } from './locator.js';
export { type DroidproofMatchers, droidproofMatchers, type NodeMatcherOptions } from './matchers.js';
export type { WaitSettings } from './node-matchers.js';
export type { NodeQueryOptions } from './node-query.js';
export type {
  MatcherTarget,
  MediaSessionSummary,
  NodeActor,
  NotificationSummary,
  Observation,
} from './ports.js';
export {
  DEFAULT_MATCHER_SETTINGS,
  type MatcherEvidenceHook,
  type MatcherFailureContext,
  type MatcherSettings,
  matcherSettingsOf,
  withMatcherSettings,
} from './settings.js';
export { toMatcherTarget } from './target.js';
