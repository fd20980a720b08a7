/**
 * Managed video end to end: a Vitest child run on a virtual device with
 * `video: 'on-failure'` and `onScreenLog: true`. The failing test's bundle
 * holds the pulled recording under its manifest SHA-256; it decodes (on the
 * host, and in headless Chromium, frame by frame); the HTML report plays it
 * and JUnit attaches it; the passing test kept no bundle; and the screen at
 * the failure names the test in the Operator's on-screen log panel.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseHierarchyXml } from '../../src/contract/selector/hierarchy-xml.js';
import { scanBundles } from '../../src/evidence/report/bundle-index.js';
import { verifyBundle } from '../../src/evidence/verify.js';
import { inspectVideo } from '../../src/evidence/video/container.js';
import { ensureBuilt, runCli, tempDir } from '../environment/helpers.js';
import { launchChromium } from '../support/chromium.js';

beforeAll(ensureBuilt, 180_000);

const FIXTURE = 'test/evidence/fixtures/video';
const FAILING = 'walks from the shopping list to the login screen and fails there';

/** The failing test's bundle, checked on the host: its verified video and the test name on screen. */
async function failingBundle(report: string) {
  const bundles = await scanBundles(join(report, 'bundles'));
  expect(bundles.map((b) => b.manifest.context.testName)).toEqual([FAILING]);
  const bundle = bundles[0]!;
  expect(await verifyBundle(bundle.dir)).toMatchObject({ ok: true, problems: [] });
  expect(bundle.manifest.status).toBe('complete');
  const videos = bundle.manifest.artifacts.filter((a) => a.kind === 'video');
  expect(videos).toHaveLength(1);
  const video = videos[0]!;
  expect(video).toMatchObject({ path: 'video.apng', mimeType: 'image/apng', status: 'complete' });
  const bytes = await readFile(join(bundle.dir, 'video.apng'));
  expect(createHash('sha256').update(bytes).digest('hex')).toBe(video.sha256);
  expect(video.bytes).toBe(bytes.byteLength);
  const decoded = inspectVideo(bytes);
  expect(decoded).toMatchObject({ container: 'apng', width: 1080, height: 2400 });
  expect(decoded.frames).toBeGreaterThan(1);
  expect(video.video).toEqual({
    container: 'apng',
    width: 1080,
    height: 2400,
    frames: decoded.frames,
    durationMs: decoded.durationMs,
  });
  // The on-screen log panel named the test on the screen of the failure (its lines wrap the name).
  const hierarchy = parseHierarchyXml(await readFile(join(bundle.dir, 'hierarchy.xml'), 'utf8'));
  const panel = hierarchy.roots.find((root) => root.resourceId?.endsWith(':id/operator_log_panel'));
  expect(panel?.children.map((line) => line.text).join('')).toBe(FAILING);
  return { bytes, frames: decoded.frames };
}

describe('managed video', () => {
  it('Vitest: keeps the failing test`s recording in its bundle, verified, embedded and attached', async () => {
    const report = join(await tempDir('droidproof-video-'), 'report');
    const run = await runCli('vitest', ['run', '--config', `${FIXTURE}/vitest.config.ts`], {
      DROIDPROOF_REPORT_DIR: report,
    });
    expect(run.code, run.stdout + run.stderr).toBe(1);
    const { bytes, frames } = await failingBundle(report);

    const junit = await readFile(join(report, 'junit.xml'), 'utf8');
    expect(junit).toMatch(/\[\[ATTACHMENT\|bundles\/[^\]]+\/video\.apng\]\]/);

    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      await page.goto(pathToFileURL(join(report, 'index.html')).href);
      const player = page.locator('.test[data-outcome="failed"] .videos img');
      await expect
        .poll(() => player.evaluate((e) => (e as unknown as { naturalWidth: number }).naturalWidth))
        .toBe(1080);
      expect(await player.getAttribute('src')).toMatch(/video\.apng$/);
      // Chromium's own image decoder sees an animation with every frame decodable.
      const seen = await page.evaluate(async (base64) => {
        const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
        // biome-ignore lint/suspicious/noExplicitAny: WebCodecs is not in this project's DOM-less lib
        const decoder = new (globalThis as any).ImageDecoder({ data, type: 'image/png' });
        await decoder.tracks.ready;
        const track = decoder.tracks.selectedTrack;
        const last = await decoder.decode({ frameIndex: track.frameCount - 1 });
        return {
          animated: track.animated,
          frames: track.frameCount,
          width: last.image.displayWidth,
          height: last.image.displayHeight,
        };
      }, bytes.toString('base64'));
      expect(seen).toEqual({ animated: true, frames, width: 1080, height: 2400 });
    } finally {
      await browser.close();
    }
  }, 180_000);

  it('Jest: the same recording and on-screen test name', async () => {
    const report = join(await tempDir('droidproof-video-'), 'report');
    const run = await runCli('jest', ['--config', `${FIXTURE}/jest.config.js`], {
      DROIDPROOF_REPORT_DIR: report,
    });
    expect(run.code, run.stdout + run.stderr).toBe(1);
    await failingBundle(report);
  }, 180_000);
});
