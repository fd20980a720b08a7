/**
 * Device-level matchers: the foreground app, a posted notification, a media
 * session. Each attempt reads the device afresh.
 */
import { DroidproofError } from '../contract/errors.js';
import { messageOf } from '../evidence/error-message.js';
import type { MatcherRun } from './core.js';
import { formatText } from './describe.js';
import { textMatches, type WaitSettings } from './node-matchers.js';
import type { MatcherTarget, MediaSessionSummary, NotificationSummary } from './ports.js';

interface ListDetail<T> {
  items: readonly T[] | null;
  foreground: string | null;
  error: string | null;
}

function formatFields(fields: Record<string, string | RegExp | undefined>): string {
  return Object.entries(fields)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k} ${formatText(v!)}`)
    .join(', ');
}

/** A matcher over a list the device reports (notifications, media sessions). */
function listRun<T>(spec: {
  name: string;
  what: string;
  expectation: Record<string, string | RegExp | undefined>;
  wait: WaitSettings;
  read: () => Promise<readonly T[]>;
  matches: (item: T) => boolean;
  show: (item: T) => string;
}): MatcherRun<ListDetail<T>> {
  return {
    name: spec.name,
    receivedLabel: 'device',
    selector: spec.expectation,
    options: { ...spec.wait },
    async check() {
      try {
        const items = await spec.read();
        return { holds: items.some(spec.matches), detail: { items, foreground: null, error: null } };
      } catch (error) {
        return { holds: null, detail: { items: null, foreground: null, error: messageOf(error) } };
      }
    },
    expected: (isNot) => `${isNot ? 'no' : 'a'} ${spec.what} with ${formatFields(spec.expectation)}`,
    observed: (d) =>
      d.error ??
      (d.items!.length === 0
        ? `no ${spec.what}s`
        : `${d.items!.length} ${spec.what}(s): ${d.items!.slice(0, 10).map(spec.show).join('; ')}`),
    foreground: (d) => d.foreground,
    candidates: () => [],
    matchCount: (d) => d.items?.filter(spec.matches).length ?? 0,
  };
}

function unsupported(what: string): never {
  throw new DroidproofError('MATCHER_TARGET_UNSUPPORTED', `this device does not report ${what}`);
}

export interface NotificationExpectation {
  applicationId: string;
  title?: string | RegExp;
  text?: string | RegExp;
}

export function notificationRun(
  target: MatcherTarget,
  expected: NotificationExpectation,
  wait: WaitSettings,
): MatcherRun<ListDetail<NotificationSummary>> {
  const field = (actual: string | null, want: string | RegExp | undefined) =>
    want === undefined || (actual !== null && textMatches(actual, want));
  return listRun({
    name: 'toHaveNotification',
    what: 'notification',
    expectation: { applicationId: expected.applicationId, title: expected.title, text: expected.text },
    wait,
    read: () => (target.notifications ? target.notifications() : unsupported('notifications')),
    matches: (n) =>
      n.applicationId === expected.applicationId &&
      field(n.title, expected.title) &&
      field(n.text, expected.text),
    show: (n) => `${n.applicationId} ${JSON.stringify(n.title)} ${JSON.stringify(n.text)}`,
  });
}

export interface MediaSessionExpectation {
  applicationId: string;
  state?: string;
}

export function mediaSessionRun(
  target: MatcherTarget,
  expected: MediaSessionExpectation,
  wait: WaitSettings,
): MatcherRun<ListDetail<MediaSessionSummary>> {
  return listRun({
    name: 'toHaveMediaSession',
    what: 'media session',
    expectation: { applicationId: expected.applicationId, state: expected.state },
    wait,
    read: () => (target.mediaSessions ? target.mediaSessions() : unsupported('media sessions')),
    matches: (m) =>
      m.applicationId === expected.applicationId &&
      (expected.state === undefined || m.state === expected.state),
    show: (m) => `${m.applicationId} ${m.state}`,
  });
}

export function foregroundRun(
  target: MatcherTarget,
  applicationId: string,
  wait: WaitSettings,
): MatcherRun<{ foreground: string | null; error: string | null }> {
  return {
    name: 'toBeInForeground',
    receivedLabel: 'device',
    selector: applicationId,
    options: { ...wait },
    async check(notBeforeMs) {
      try {
        const observation = await target.observe();
        if (observation.takenAtMs < notBeforeMs) {
          return {
            holds: null,
            detail: { foreground: null, error: 'observation taken before the matcher started' },
          };
        }
        const foreground = observation.foregroundPackage;
        return {
          holds: foreground === null ? null : foreground === applicationId,
          detail: { foreground, error: null },
        };
      } catch (error) {
        return {
          holds: null,
          detail: { foreground: null, error: `observation failed: ${messageOf(error)}` },
        };
      }
    },
    expected: (isNot) => `${applicationId} ${isNot ? 'not ' : ''}to be in the foreground`,
    observed: (d) => d.error ?? `foreground app is ${d.foreground ?? 'unknown'}`,
    foreground: (d) => d.foreground,
    candidates: () => [],
    matchCount: (d) => (d.foreground === applicationId ? 1 : 0),
  };
}
