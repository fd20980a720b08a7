/**
 * Matcher settings travel with what a matcher is given, never in module
 * state: the environment gives each leased device its wait and its evidence
 * hook, a locator takes its device's, and anything else waits with the
 * defaults (5 s, observations 100 ms apart, no evidence).
 */
import { DroidproofError } from '../contract/errors.js';
import type { CaptureResult } from '../evidence/capture.js';
import type { FailureReport } from '../evidence/failure.js';
import type { MatcherTarget } from './ports.js';

/** What the evidence hook receives when a matcher fails for good (not inside `expect.poll`). */
export interface MatcherFailureContext {
  /** The value given to `expect(...)`: a device or a locator. */
  received: unknown;
  target: MatcherTarget;
  failure: FailureReport;
  /** Test identity from the runner's matcher state, when known. */
  testName?: string;
  testPath?: string;
  /** Vitest's running test (`this.task`), when available. */
  task?: unknown;
}

export type MatcherEvidenceHook = (context: MatcherFailureContext) => Promise<CaptureResult | undefined>;

export interface MatcherSettings {
  /** Default wait in ms of every matcher on this subject (default 5000). */
  timeout: number;
  /** Time between the starts of two observations in ms (default 100). */
  interval: number;
  /** Captures evidence for a final matcher failure; its bundle path goes into the message. */
  onFailure?: MatcherEvidenceHook;
}

export const DEFAULT_MATCHER_SETTINGS: Readonly<MatcherSettings> = Object.freeze({
  timeout: 5000,
  interval: 100,
});

/** Node's timers fire at once above this. */
const MAX_TIMER_MS = 2 ** 31 - 1;

// A registered symbol: a device set up by one module instance of droidproof (Vitest loads the
// environment apart from the test files when it runs droidproof through its module runner) is read
// by the matchers of another.
const SETTINGS = Symbol.for('droidproof.matcher-settings');

function checkDuration(name: string, value: number | undefined): void {
  if (value === undefined || (Number.isFinite(value) && value >= 0 && value <= MAX_TIMER_MS)) return;
  throw new DroidproofError(
    'MATCHER_INVALID',
    `matcher ${name} must be a number of ms from 0 to ${MAX_TIMER_MS}, got ${String(value)}`,
    { [name]: value },
  );
}

/**
 * Gives `subject` (a device, a `MatcherTarget`, a locator) its matcher settings: omitted fields keep
 * the subject's current ones (at first the defaults). Returns `subject`.
 *
 *     withMatcherSettings(device, { timeout: 10_000, onFailure: ({ failure }) => capture(failure) });
 */
export function withMatcherSettings<T extends object>(subject: T, settings: Partial<MatcherSettings>): T {
  checkDuration('timeout', settings.timeout);
  checkDuration('interval', settings.interval);
  Object.defineProperty(subject, SETTINGS, {
    value: Object.freeze({ ...matcherSettingsOf(subject), ...settings }),
    configurable: true,
  });
  return subject;
}

/** The settings `subject` carries, or the defaults. */
export function matcherSettingsOf(subject: unknown): Readonly<MatcherSettings> {
  const own =
    typeof subject === 'object' && subject !== null
      ? (subject as { [SETTINGS]?: MatcherSettings })[SETTINGS]
      : undefined;
  return own ?? DEFAULT_MATCHER_SETTINGS;
}
