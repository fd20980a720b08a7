/**
 * Performance matchers: `toStartWithin(ms, app)` measures one cold start
 * (`am start -W -S`, its TotalTime) and `toHaveJankBelow(pct)` judges frame
 * statistics read with `device.metrics.frames(app)`. A measurement is taken
 * once and never retried until it passes: a retried timing would report the
 * luckiest run.
 */
import type { FrameStats } from '../actuator/device/gfxinfo.js';
import { DroidproofError } from '../contract/errors.js';
import { messageOf } from '../evidence/error-message.js';
import type { MatcherRun, MatcherVerdict } from './core.js';
import type { LaunchSummary, MatcherTarget } from './ports.js';

interface StartDetail {
  launch: LaunchSummary | null;
  error: string | null;
}

export function startWithinRun(
  target: MatcherTarget,
  maxMs: number,
  applicationId: string,
): MatcherRun<StartDetail> {
  if (!Number.isFinite(maxMs) || maxMs <= 0) {
    throw new DroidproofError(
      'MATCHER_INVALID',
      `toStartWithin needs a positive time in ms, received ${maxMs}`,
    );
  }
  if (typeof applicationId !== 'string' || applicationId === '') {
    throw new DroidproofError('MATCHER_INVALID', 'toStartWithin needs the application id to start');
  }
  const coldStart = target.coldStart?.bind(target);
  if (!coldStart)
    throw new DroidproofError('MATCHER_TARGET_UNSUPPORTED', 'this device cannot time app starts');
  return {
    name: 'toStartWithin',
    receivedLabel: 'device',
    selector: { applicationId, maxMs },
    // One measurement: the wait ends after the first attempt.
    options: { timeout: 0 },
    async check() {
      try {
        const launch = await coldStart(applicationId);
        return { holds: launch.totalTimeMs <= maxMs, detail: { launch, error: null } };
      } catch (error) {
        return { holds: null, detail: { launch: null, error: `cold start failed: ${messageOf(error)}` } };
      }
    },
    expected: (isNot) =>
      `${applicationId} ${isNot ? 'not ' : ''}to start cold within ${maxMs} ms (am start -W TotalTime)`,
    observed: (d) =>
      d.error ??
      `TotalTime ${d.launch!.totalTimeMs} ms (LaunchState ${d.launch!.launchState ?? 'not reported'})`,
    foreground: () => applicationId,
    candidates: () => [],
    matchCount: () => 0,
  };
}

export function isFrameStats(value: unknown): value is FrameStats {
  const v = value as Partial<FrameStats> | null;
  return typeof v?.jankPercent === 'number' && Array.isArray(v.frames) && typeof v.frameCount === 'number';
}

/** `expect(metrics).toHaveJankBelow(pct)`: passes when fewer than `pct` percent of the counted frames are janky. */
export function jankVerdict(received: unknown, maxPercent: number, isNot: boolean): MatcherVerdict {
  const call = `expect(metrics)${isNot ? '.not' : ''}.toHaveJankBelow(${maxPercent})`;
  if (!isFrameStats(received)) {
    return {
      pass: isNot,
      message: () => `${call}: toHaveJankBelow needs the result of device.metrics.frames(app)`,
    };
  }
  if (received.frameCount === 0) {
    return {
      pass: isNot,
      message: () =>
        `${call} failed: no frames of ${received.packageName} to judge (reset the statistics, then interact, then read them)`,
    };
  }
  const pass = received.jankPercent < maxPercent;
  const slowest = [...received.frames].sort((a, b) => b.durationMs - a.durationMs).slice(0, 5);
  const message = [
    `${call} failed`,
    '',
    `Expected: ${isNot ? 'at least' : 'under'} ${maxPercent}% janky frames`,
    `Observed: ${received.jankyFrames} of ${received.frameCount} frames janky (${received.jankPercent}%), p50 ${received.p50Ms} ms, p90 ${received.p90Ms} ms, max ${received.maxMs} ms`,
    `App: ${received.packageName}`,
    '',
    'Slowest frames:',
    ...slowest.map(
      (f, i) =>
        `  ${i + 1}. ${f.durationMs.toFixed(2)} ms (budget ${f.deadlineMs.toFixed(2)} ms) at vsync ${f.intendedVsyncNs}`,
    ),
  ].join('\n');
  return { pass, message: () => message };
}
