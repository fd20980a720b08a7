/**
 * Opens the HTML report from disk in headless Chromium (file://, no server),
 * finds the failing test, hovers a hierarchy node and checks that the
 * highlight covers that node's bounds, scaled onto the screenshot.
 */
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/chromium.js';
import { buildReportFixture, FAILED_NAME } from './report-fixture.js';

let browser: Browser;
let fixture: Awaited<ReturnType<typeof buildReportFixture>>;

beforeAll(async () => {
  fixture = await buildReportFixture();
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

describe('HTML report', () => {
  it('is self-contained: no http(s) references', async () => {
    const html = await readFile(fixture.written.htmlPath!, 'utf8');
    expect(html).not.toMatch(/(src|href)=["']https?:/);
    expect(html).not.toMatch(/<\/script>[^<]*<\/script>/);
  });

  it('shows the summary and the failing test, and highlights a hovered node on the screenshot', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
    const failedRequests: string[] = [];
    page.on('requestfailed', (request) => failedRequests.push(request.url()));
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(pathToFileURL(fixture.written.htmlPath!).href);

    await expect.poll(() => page.locator('#summary').textContent()).toContain('1 failed');
    const summary = await page.locator('#summary').textContent();
    expect(summary).toContain('1 passed');
    expect(summary).toContain('1 flaky');
    expect(summary).toContain('1 skipped');

    const failing = page.locator('.test[data-outcome="failed"]').filter({ hasText: FAILED_NAME });
    await expect.poll(() => failing.count()).toBe(1);
    expect(await failing.locator('pre.error').textContent()).toContain('expected "Saved"');
    // The app's three lines (its pid 4242, and ActivityManager naming it), not the system's.
    expect(await failing.locator('.logcat div').count()).toBe(3);
    expect(await failing.locator('h4').filter({ hasText: 'Logcat' }).textContent()).toContain(
      'filtered to com.example.settings',
    );
    expect(await failing.locator('table.timeline tr').count()).toBe(2);

    const diff = failing.locator('img.diff');
    await expect
      .poll(() => diff.evaluate((e) => (e as unknown as { naturalWidth: number }).naturalWidth))
      .toBe(540);

    const img = failing.locator('.shot img');
    await expect
      .poll(() => img.evaluate((e) => (e as unknown as { naturalWidth: number }).naturalWidth))
      .toBe(1080);
    const node = failing.locator('.tree li[data-path="0.1.2"]');
    expect(await node.textContent()).toContain('Dark theme');
    await node.hover();
    const highlight = failing.locator('.hover-box');
    expect(await highlight.isVisible()).toBe(true);
    const imgBox = (await img.boundingBox())!;
    const box = (await highlight.boundingBox())!;
    const scale = imgBox.width / 1080;
    // Dark theme bounds are [0,560][1080,720]; the highlight has a 3px border drawn inside its box.
    expect(box.x).toBeCloseTo(imgBox.x + 0 * scale, 0);
    expect(box.y).toBeCloseTo(imgBox.y + 560 * scale, 0);
    expect(box.width).toBeCloseTo(1080 * scale, 0);
    expect(box.height).toBeCloseTo(160 * scale, 0);

    await node.dispatchEvent('mouseleave');
    expect(await highlight.isVisible()).toBe(false);

    const candidate = failing.locator('.cand li').first();
    expect(await candidate.textContent()).toContain('case_mismatch');
    await candidate.hover();
    const candBox = (await failing.locator('.highlight').boundingBox())!;
    // The page scrolled to reach the candidate list: measure the screenshot again.
    expect(candBox.y).toBeCloseTo((await img.boundingBox())!.y + 720 * scale, 0);

    await failing.locator('details.files > summary').click();
    const links = await failing
      .locator('.files a')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(links).toContain(links.find((l) => l?.endsWith('/manifest.json')));
    expect(links.every((l) => l && !l.startsWith('/') && !l.includes(':'))).toBe(true);

    const shots = join(fixture.rootDir, 'screens');
    await mkdir(shots, { recursive: true });
    const png = await page.screenshot({ path: join(shots, 'report.png'), fullPage: true });
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(failedRequests).toEqual([]);
    expect(pageErrors).toEqual([]);
    await page.close();
  });
});
