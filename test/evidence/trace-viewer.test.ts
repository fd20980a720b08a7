/**
 * The report as a trace viewer, opened from disk (file://, no server) in a real
 * headless Chromium: the step tree with each step's test line, the filmstrip,
 * the inspector (click and hover both ways, the suggested locator), the source
 * snippet, the app's logcat, search and filters; and the page's look, compared
 * with a stored screenshot within a tolerance.
 *
 * The baseline is test/evidence/baselines/trace-report.png; after an intended
 * change of the page's look, delete it and run this file once to write it anew.
 */
import { access, readFile, writeFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseHierarchyXml } from '../../src/contract/selector/hierarchy-xml.js';
import { suggestMatcher } from '../../src/contract/selector/suggest-matcher.js';
import { buildTreeIndex } from '../../src/contract/selector/tree-index.js';
import { decodeRgba } from '../../src/matchers/audit/decode.js';
import { compareImages } from '../../src/matchers/screenshot/compare.js';
import { launchChromium } from '../support/chromium.js';
import { SETTINGS_XML } from './fixtures.js';
import { buildTraceReportFixture, TRACE_FAILED, TRACE_PASSED } from './trace-fixture.js';

const BASELINE = new URL('./baselines/trace-report.png', import.meta.url);
/** Share of pixels that may differ (anti-aliasing and font rasterization), and pixelmatch's colour threshold. */
const MAX_DIFF_RATIO = 0.01;
const PIXEL_THRESHOLD = 0.2;

let browser: Browser;
let fixture: Awaited<ReturnType<typeof buildTraceReportFixture>>;

beforeAll(async () => {
  fixture = await buildTraceReportFixture();
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

async function openReport(): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1 });
  // A missing element fails its step quickly, with the locator in the message.
  page.setDefaultTimeout(5_000);
  const problems: string[] = [];
  page.on('requestfailed', (request) => problems.push(`request failed: ${request.url()}`));
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('request', (request) => {
    if (!request.url().startsWith('file:')) problems.push(`network: ${request.url()}`);
  });
  await page.goto(pathToFileURL(fixture.written.htmlPath!).href);
  await expect.poll(() => page.locator('#summary').textContent()).toContain('1 failed');
  return { page, problems };
}

const naturalWidth = (page: Page, selector: string) =>
  page
    .locator(selector)
    .evaluateAll((imgs) => imgs.map((img) => (img as unknown as { naturalWidth: number }).naturalWidth));

describe('the trace viewer', () => {
  it('shows the failing test as steps with their test lines, folds repeats, and a filmstrip', async () => {
    const { page, problems } = await openReport();
    const failing = page.locator('.test[data-outcome="failed"]');
    expect(await failing.locator('.name').textContent()).toBe(TRACE_FAILED);

    const rows = failing.locator('.steps > li.step');
    expect(await rows.count()).toBe(5);
    expect(await rows.locator(':scope > .step-row .loc').allTextContents()).toEqual([
      'test/settings.test.ts:4',
      'test/settings.test.ts:5',
      'test/settings.test.ts:6',
      'test/settings.test.ts:7',
      'test/settings.test.ts:8',
    ]);
    // The three read_text calls of one expect.poll are one step with a count.
    expect(await rows.nth(3).locator('.meta').textContent()).toBe('×3 · 120 ms');
    expect(await rows.nth(1).locator('.meta').textContent()).toBe('2 checks · 40 ms');
    const failed = rows.nth(4);
    expect(await failed.getAttribute('data-outcome')).toBe('failed');
    expect(await failed.locator('.meta').textContent()).toBe('4 checks · 200 ms');
    expect(await failed.locator('.step-error').textContent()).toContain('observed no node matched');

    // One frame per distinct screen: before step 1, after step 1, after step 3.
    const frames = failing.locator('.filmstrip .frame');
    expect(
      await frames.evaluateAll((fs) =>
        fs.map((f) => `${f.getAttribute('data-step-id')}:${f.getAttribute('data-phase')}`),
      ),
    ).toEqual(['1:before', '1:after', '3:after']);
    await expect
      .poll(() => naturalWidth(page, '.test[data-outcome="failed"] .filmstrip img'))
      .toEqual([360, 360, 360]);

    // Steps 2 and 7 observed the same screen: the page holds its hierarchy once.
    const embedded = JSON.parse((await page.locator('#report-data').textContent())!);
    const trace = embedded.tests[0].bundles[0].trace as {
      hierarchies: unknown[];
      steps: { id: number; hierarchy: number | null }[];
    };
    expect(trace.hierarchies).toHaveLength(1);
    expect(trace.steps.filter((s) => s.hierarchy !== null).map((s) => [s.id, s.hierarchy])).toEqual([
      [2, 0],
      [7, 0],
    ]);

    // The source around the failing line.
    expect(await failing.locator('.snippet .hit').textContent()).toContain(
      "toShowNode({ textEquals: 'Saved' })",
    );
    expect(await failing.locator('.snippet .hit .n').textContent()).toBe('8');

    // Logcat: the app's lines by default, levels coloured; every process on request.
    const logLines = failing.locator('.logcat div');
    expect(await logLines.count()).toBe(3);
    expect(await failing.locator('.logcat .l-E').textContent()).toContain('save failed');
    await failing.locator('button.logcat-all').click();
    expect(await logLines.count()).toBe(4);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('inspects: a step or frame shows its screen; clicks select nodes with their suggested locator; hover highlights both ways', async () => {
    const { page, problems } = await openReport();
    const failing = page.locator('.test[data-outcome="failed"]');
    const inspector = failing.locator('.inspector');
    const img = inspector.locator('.shot img');
    await expect
      .poll(() => img.evaluate((e) => (e as unknown as { naturalWidth: number }).naturalWidth))
      .toBe(1080);
    expect(await inspector.locator('figcaption').textContent()).toBe('The screen at the failure');

    // Clicking a node in the tree: its attributes and the locator the contract suggests for it.
    const hierarchy = parseHierarchyXml(SETTINGS_XML);
    const entry = buildTreeIndex(hierarchy).entries.find((e) => e.path === '0.1.2')!;
    const suggested = suggestMatcher(hierarchy, entry.node);
    expect(suggested).toBeDefined();
    await inspector.locator('.tree li[data-path="0.1.2"]').click();
    const suggestion = await inspector.locator('code.suggestion').textContent();
    for (const [key, value] of Object.entries(suggested!)) expect(suggestion).toContain(`${key}: '${value}'`);
    expect(suggestion).toMatch(/^device\.node\(\{ .* \}\)$/);
    expect(await inspector.locator('.node-attrs').textContent()).toContain('[0,560][1080,720]');

    // Hover on the tree outlines the node on the screen, at its bounds scaled onto the image.
    const imgBox = (await img.boundingBox())!;
    const scale = imgBox.width / 1080;
    await inspector.locator('.tree li[data-path="0.1.0"]').hover();
    const hoverBox = (await inspector.locator('.hover-box').boundingBox())!;
    const wifi = buildTreeIndex(hierarchy).entries.find((e) => e.path === '0.1.0')!.node.bounds!;
    expect(hoverBox.y).toBeCloseTo(imgBox.y + wifi.top * scale, 0);
    expect(hoverBox.height).toBeCloseTo((wifi.bottom - wifi.top) * scale, 0);

    // Hover on the screen marks the tree row of the deepest node there; a click selects it.
    const bluetooth = buildTreeIndex(hierarchy).entries.find((e) => e.path === '0.1.1')!.node.bounds!;
    await img.scrollIntoViewIfNeeded();
    const shotBox = (await img.boundingBox())!;
    const x = shotBox.x + ((bluetooth.left + bluetooth.right) / 2) * scale;
    const y = shotBox.y + ((bluetooth.top + bluetooth.bottom) / 2) * scale;
    await page.mouse.move(x, y);
    expect(await inspector.locator('.tree li.active').getAttribute('data-path')).toBe('0.1.1');
    await page.mouse.click(x, y);
    expect(await inspector.locator('.tree li.selected').getAttribute('data-path')).toBe('0.1.1');
    expect(await inspector.locator('.node-attrs').textContent()).toContain('Bluetooth');

    // A frame of the filmstrip, then a step: the inspector shows that screen (and the step's hierarchy).
    await failing.locator('.filmstrip .frame[data-step-id="3"][data-phase="after"]').click();
    expect(await inspector.locator('figcaption').textContent()).toContain('Step 3 (after)');
    expect(await img.getAttribute('src')).toMatch(/trace-screen-3\.png$/);
    await failing.locator('.steps li.step[data-step-id="2"] > .step-row').click();
    expect(await inspector.locator('figcaption').textContent()).toContain('Step 2 (after)');
    expect(await img.getAttribute('src')).toMatch(/trace-screen-2\.png$/);
    expect(await inspector.locator('.tree li').count()).toBe(buildTreeIndex(hierarchy).entries.length);
    await failing.locator('button.show-failure').click();
    expect(await img.getAttribute('src')).toMatch(/screenshot\.png$/);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('searches and filters across tests by text, status, file, device and tag', async () => {
    const { page, problems } = await openReport();
    const visible = () =>
      page
        .locator('.test')
        .evaluateAll((ts) =>
          ts
            .filter((t) => !(t as unknown as { hidden: boolean }).hidden)
            .map((t) => t.querySelector('.name')!.textContent),
        );
    expect(await page.locator('#shown').textContent()).toBe('3 of 3 shown');
    await page.locator('#search').fill('networks');
    expect(await visible()).toEqual([TRACE_PASSED]);
    await page.locator('#search').fill('');
    await page.locator('#tag-filter').selectOption('@smoke');
    expect(await visible()).toEqual([TRACE_FAILED]);
    await page.locator('#tag-filter').selectOption('');
    await page.locator('#device-filter').selectOption('Virtual Pixel (virtual-5554)');
    expect(await visible()).toEqual([TRACE_FAILED]);
    await page.locator('#device-filter').selectOption('');
    await page.locator('#file-filter').selectOption('test/wifi.test.ts');
    expect(await visible()).toEqual([TRACE_PASSED, 'wifi > later']);
    await page.locator('.filters button[data-filter="skipped"]').click();
    expect(await visible()).toEqual(['wifi > later']);
    expect(await page.locator('#shown').textContent()).toBe('1 of 3 shown');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('looks like the stored screenshot', async () => {
    const { page, problems } = await openReport();
    await page.mouse.move(0, 0);
    await expect.poll(() => naturalWidth(page, '.test[data-outcome="failed"] img')).not.toContain(0);
    const png = await page.screenshot({ fullPage: true });
    const stored = await access(BASELINE).then(
      () => true,
      () => false,
    );
    if (!stored) {
      await writeFile(BASELINE, png);
      throw new Error(`no baseline: wrote ${BASELINE.pathname}; check it and run again`);
    }
    const [expected, actual] = await Promise.all([decodeRgba(await readFile(BASELINE)), decodeRgba(png)]);
    const comparison = compareImages(expected, actual, PIXEL_THRESHOLD);
    expect(comparison.sizeMismatch).toBeNull();
    expect(comparison.diffRatio).toBeLessThanOrEqual(MAX_DIFF_RATIO);
    expect(problems).toEqual([]);
    await page.close();
  });
});
