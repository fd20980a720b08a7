/**
 * `toMatchScreenshot(name, { maxDiffPixelRatio, threshold, mask, statusBar })`:
 * compares the screen with a baseline PNG stored beside the test
 * (`screenshot/baseline.ts`). Every attempt takes a fresh screenshot and
 * hierarchy, paints the masks (the nodes matching `mask`, and the status bar
 * unless `statusBar: false`) over both images and counts the differing pixels
 * with pixelmatch; it passes when their share is at most `maxDiffPixelRatio`
 * (default 0). A missing baseline is written once two consecutive screenshots
 * agree (the screen has settled), unless CI forbids writing it. On failure the
 * baseline, the masked screen and the diff go into the evidence bundle.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { dirname, relative } from 'node:path';
import { DroidproofError } from '../contract/errors.js';
import type { NodeMatcher } from '../contract/matcher.js';
import type { UiHierarchy } from '../contract/selector/node.js';
import { resolveAllNodes } from '../contract/selector/resolve.js';
import { writeFileAtomic } from '../evidence/atomic-file.js';
import { messageOf } from '../evidence/error-message.js';
import type { FailureImage } from '../evidence/failure.js';
import type { RawImage, Rect } from './audit/contrast.js';
import { decodeRgba } from './audit/decode.js';
import type { MatcherRun } from './core.js';
import type { WaitSettings } from './node-matchers.js';
import { parseNodeMatcher } from './node-query.js';
import type { MatcherTarget } from './ports.js';
import { baselinePath, type SnapshotStateLike, updateMode } from './screenshot/baseline.js';
import { type Comparison, compareImages, encodePng, paintMasks } from './screenshot/compare.js';

export interface ScreenshotOptions extends WaitSettings {
  /** Largest share of differing pixels that still passes, 0-1 (default 0). */
  maxDiffPixelRatio?: number;
  /** pixelmatch's per-pixel colour threshold, 0-1 (default 0.1; smaller is stricter). */
  threshold?: number;
  /** Nodes whose bounds are ignored (clocks, animations): every match of each matcher. */
  mask?: NodeMatcher[];
  /** Mask the status bar (default true). */
  statusBar?: boolean;
}

export interface ScreenshotContext {
  testPath: string | undefined;
  snapshotState: SnapshotStateLike | undefined;
}

interface ScreenshotDetail {
  outcome: 'compared' | 'written' | 'settling' | 'error';
  comparison: Comparison | null;
  expected: RawImage | null;
  actual: RawImage | null;
  foreground: string | null;
  error: string | null;
}

/** The status bar's height: where the foreground window starts, else 24 dp. */
function statusBarRect(hierarchy: UiHierarchy, width: number, densityDpi: number | null): Rect {
  const top = hierarchy.roots.find((r) => r.bounds && r.bounds.top > 0)?.bounds?.top;
  const height = top ?? Math.round((24 * (densityDpi ?? 420)) / 160);
  return { left: 0, top: 0, right: width, bottom: height };
}

function maskRects(hierarchy: UiHierarchy, masks: readonly NodeMatcher[]): Rect[] {
  return masks.flatMap((matcher) =>
    resolveAllNodes(hierarchy, matcher, { visibility: 'all' }).matches.flatMap(({ node }) =>
      node.bounds ? [node.bounds] : [],
    ),
  );
}

function checkRatio(name: string, value: number | undefined): void {
  if (value !== undefined && !(value >= 0 && value <= 1)) {
    throw new DroidproofError(
      'MATCHER_INVALID',
      `toMatchScreenshot ${name} must be between 0 and 1, received ${value}`,
    );
  }
}

export function screenshotRun(
  target: MatcherTarget,
  name: string,
  options: ScreenshotOptions,
  context: ScreenshotContext,
): MatcherRun<ScreenshotDetail> {
  const { timeout, interval, mask = [], statusBar = true, maxDiffPixelRatio = 0, threshold = 0.1 } = options;
  checkRatio('maxDiffPixelRatio', maxDiffPixelRatio);
  checkRatio('threshold', threshold);
  const masks = mask.map((m) => parseNodeMatcher(m));
  if (!context.testPath) {
    throw new DroidproofError(
      'MATCHER_TARGET_UNSUPPORTED',
      'toMatchScreenshot needs the test file path from the runner',
    );
  }
  const shoot = target.screenshot?.bind(target);
  if (!shoot) throw new DroidproofError('MATCHER_TARGET_UNSUPPORTED', 'this device cannot take screenshots');
  const file = baselinePath(context.testPath, name);
  const shown = relative(process.cwd(), file);
  const mode = updateMode(context.snapshotState);
  const exists = existsSync(file);
  if (!exists && mode === 'none') {
    throw new DroidproofError(
      'SCREENSHOT_BASELINE_MISSING',
      `toMatchScreenshot: no baseline ${shown}; in CI a missing baseline fails instead of being written (run locally or with -u to record it)`,
      { baseline: file },
    );
  }
  const write = mode === 'all' || !exists;
  let baseline: Promise<RawImage> | undefined;
  let density: Promise<number | null> | undefined;
  let previous: RawImage | undefined;
  const fail = (error: string): { holds: null; detail: ScreenshotDetail } => ({
    holds: null,
    detail: { outcome: 'error', comparison: null, expected: null, actual: null, foreground: null, error },
  });
  return {
    name: 'toMatchScreenshot',
    receivedLabel: 'device',
    selector: name,
    options: { timeout, interval, maxDiffPixelRatio, threshold, mask: masks, statusBar },
    async check(notBeforeMs) {
      let observation: Awaited<ReturnType<MatcherTarget['observe']>>;
      let actual: RawImage;
      try {
        observation = await target.observe();
        if (observation.takenAtMs < notBeforeMs) return fail('observation taken before the matcher started');
        actual = await decodeRgba(await shoot());
      } catch (error) {
        return fail(`screenshot failed: ${messageOf(error)}`);
      }
      const rects = maskRects(observation.hierarchy, masks);
      if (statusBar) {
        density ??= target.densityDpi ? target.densityDpi().catch(() => null) : Promise.resolve(null);
        rects.push(statusBarRect(observation.hierarchy, actual.width, await density));
      }
      const masked = paintMasks(actual, rects);
      const foreground = observation.foregroundPackage;
      if (write) {
        // Record only a settled screen: two consecutive screenshots that agree.
        const settled = previous !== undefined && compareImages(previous, masked, 0).diffPixels === 0;
        previous = masked;
        const recorded = (holds: boolean, outcome: 'settling' | 'written') => ({
          holds,
          detail: { outcome, comparison: null, expected: null, actual: masked, foreground, error: null },
        });
        if (!settled) return recorded(false, 'settling');
        try {
          await mkdir(dirname(file), { recursive: true });
          await writeFileAtomic(file, await encodePng(masked));
        } catch (error) {
          return fail(`could not write the baseline ${shown}: ${messageOf(error)}`);
        }
        return recorded(true, 'written');
      }
      try {
        baseline ??= readFile(file).then(decodeRgba);
        const expected = paintMasks(await baseline, rects);
        const comparison = compareImages(expected, masked, threshold);
        return {
          holds: comparison.sizeMismatch === null && comparison.diffRatio <= maxDiffPixelRatio,
          detail: { outcome: 'compared', comparison, expected, actual: masked, foreground, error: null },
        };
      } catch (error) {
        baseline = undefined;
        return fail(`could not read the baseline ${shown}: ${messageOf(error)}`);
      }
    },
    expected: (isNot) =>
      `the screen ${isNot ? 'to differ from' : 'to match'} ${shown} (at most ${(maxDiffPixelRatio * 100).toFixed(2)}% of pixels different, threshold ${threshold})`,
    observed: (d) => {
      if (d.error) return d.error;
      if (d.outcome === 'settling')
        return `the screen did not settle: consecutive screenshots differed, so ${shown} was not written`;
      if (d.outcome === 'written') return `wrote ${shown}`;
      const c = d.comparison!;
      return (
        c.sizeMismatch ?? `${c.diffPixels} pixels differ (${(c.diffRatio * 100).toFixed(2)}% of the screen)`
      );
    },
    foreground: (d) => d.foreground,
    candidates: () => [],
    matchCount: (d) => d.comparison?.diffPixels ?? 0,
    async attachments(d) {
      const images: FailureImage[] = [];
      if (d.expected)
        images.push({ role: 'expected', file: 'screenshot-expected.png', png: await encodePng(d.expected) });
      if (d.actual)
        images.push({ role: 'actual', file: 'screenshot-actual.png', png: await encodePng(d.actual) });
      if (d.comparison?.diff)
        images.push({ role: 'diff', file: 'screenshot-diff.png', png: await encodePng(d.comparison.diff) });
      return images.length > 0 ? { images } : {};
    },
  };
}
