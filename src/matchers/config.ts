/**
 * Global matcher settings: timeout (5 s), polling interval (100 ms), how a
 * received value becomes a `MatcherTarget`, and the evidence hook called at
 * the moment a matcher finally fails.
 */
import type { CaptureResult } from '../evidence/capture.js';
import type { FailureReport } from '../evidence/failure.js';
import type { MatcherTarget, NodeActor } from './ports.js';

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

export interface MatcherConfig {
  /** Default wait in ms for every matcher (default 5000). */
  timeout: number;
  /** Time between the starts of two observations in ms (default 100). */
  interval: number;
  /** Turns a received value (e.g. the actuator's Device) into a target; undefined when it cannot. */
  adapt?: (received: unknown) => (MatcherTarget & Partial<NodeActor>) | undefined;
  /** Captures evidence for a final matcher failure; its bundle path goes into the message. */
  onFailure?: MatcherEvidenceHook;
}

const DEFAULTS: MatcherConfig = { timeout: 5000, interval: 100 };
let current: MatcherConfig = { ...DEFAULTS };

/** Changes the global settings; omitted fields keep their value. Returns the new settings. */
export function configureMatchers(settings: Partial<MatcherConfig>): MatcherConfig {
  current = { ...current, ...settings };
  return current;
}

/** Restores the defaults (timeout 5000, interval 100, no adapter, no evidence hook). */
export function resetMatcherConfig(): void {
  current = { ...DEFAULTS };
}

export function matcherConfig(): Readonly<MatcherConfig> {
  return current;
}
