/**
 * The narrow ports the matchers observe and act through. The actuator's
 * `Device` is adapted to them in `device-target.ts`; unit tests use in-memory
 * trees.
 */
import type { StepHandle, StepInit } from '../actuator/execution/timeline.js';
import type { NodeMatcher } from '../contract/matcher.js';
import type { UiHierarchy } from '../contract/selector/node.js';

/** One fresh capture of the screen. */
export interface Observation {
  hierarchy: UiHierarchy;
  /** The foreground app's package, null when unknown. */
  foregroundPackage: string | null;
  /** When the capture was taken (ms since epoch, host clock). */
  takenAtMs: number;
}

export interface NotificationSummary {
  applicationId: string;
  title: string | null;
  text: string | null;
}

export interface MediaSessionSummary {
  applicationId: string;
  /** Playback state, e.g. `playing`, `paused`, `stopped`. */
  state: string;
}

/** A cold start as `am start -W` measures it. */
export interface LaunchSummary {
  totalTimeMs: number;
  launchState: string | null;
}

/** What a matcher needs from a device. Every call must observe afresh: no caching. */
export interface MatcherTarget {
  observe(): Promise<Observation>;
  notifications?(): Promise<readonly NotificationSummary[]>;
  mediaSessions?(): Promise<readonly MediaSessionSummary[]>;
  /** PNG bytes of the screen now (`screencap -p`). */
  screenshot?(): Promise<Uint8Array>;
  /** The display density in dpi (`wm density`), null when unknown. */
  densityDpi?(): Promise<number | null>;
  /** Force-stops the app and times its launch (`am start -W -S`). */
  coldStart?(applicationId: string): Promise<LaunchSummary>;
  /** Runs a matcher as one step of the device's trace (its observations fold into it). */
  step?<T>(init: StepInit, work: (handle: StepHandle) => Promise<T>): Promise<T>;
}

/** What a locator's actions need from a device. */
export interface NodeActor {
  click(matcher: NodeMatcher): Promise<unknown>;
  enterText(matcher: NodeMatcher, text: string): Promise<unknown>;
  readText(matcher: NodeMatcher): Promise<string>;
}

export function isMatcherTarget(value: unknown): value is MatcherTarget {
  return typeof (value as MatcherTarget | null)?.observe === 'function';
}
