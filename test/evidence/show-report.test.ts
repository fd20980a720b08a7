/**
 * `droidproof show-report`: the built CLI serves a report folder on a loopback
 * port the OS chooses, prints the URL, opens no browser under `--no-open`, and
 * stops on SIGTERM. A real Chromium loads the served page with every image,
 * and nothing outside the folder can be fetched.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { get } from 'node:http';
import { join, relative } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveReport } from '../../src/evidence/report/serve-report.js';
import { ensureBuilt, PACKAGE_ROOT, tempDir } from '../environment/helpers.js';
import { launchChromium } from '../support/chromium.js';
import { buildTraceReportFixture } from './trace-fixture.js';

let fixture: Awaited<ReturnType<typeof buildTraceReportFixture>>;
let browser: Browser;

beforeAll(async () => {
  await ensureBuilt();
  fixture = await buildTraceReportFixture();
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
});

/** Starts the built CLI and resolves with the JSON line it prints to stderr once it listens. */
function showReport(
  args: string[],
): Promise<{ child: ChildProcess; line: { url: string; dir: string; opened: boolean } }> {
  const child = spawn(
    process.execPath,
    [join(PACKAGE_ROOT, 'dist/src/cli/main.js'), 'show-report', ...args],
    {
      cwd: fixture.rootDir,
      env: { ...process.env, CI: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stderr = '';
  return new Promise((done, fail) => {
    child.stderr!.setEncoding('utf8').on('data', (text: string) => {
      stderr += text;
      const first = stderr.split('\n')[0]!;
      if (stderr.includes('\n')) {
        try {
          done({ child, line: JSON.parse(first).showReport });
        } catch {
          fail(new Error(`unexpected output: ${stderr}`));
        }
      }
    });
    child.on('exit', (code) => fail(new Error(`show-report exited ${code}: ${stderr}`)));
  });
}

/** A GET with the path sent as written (fetch would normalize the dots away first). */
function rawStatus(base: string, path: string): Promise<number | undefined> {
  const { hostname, port } = new URL(base);
  return new Promise((done, fail) => {
    get({ hostname, port, path }, (response) => {
      response.resume();
      done(response.statusCode);
    }).on('error', fail);
  });
}

function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((done) => child.on('exit', (code) => done(code)));
}

describe('droidproof show-report', () => {
  it('serves the report folder on loopback and stops on SIGTERM', async () => {
    const { child, line } = await showReport(['droidproof-report', '--no-open']);
    try {
      expect(line.opened).toBe(false);
      expect(line.dir).toBe(fixture.outputDir);
      expect(line.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
      expect(line.url).not.toBe('http://127.0.0.1:0/');

      const page = await browser.newPage();
      const failed: string[] = [];
      page.on('requestfailed', (request) => failed.push(request.url()));
      page.on('response', (response) => {
        if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
      });
      await page.goto(line.url);
      await expect.poll(() => page.locator('#summary').textContent()).toContain('1 failed');
      const widths = () =>
        page
          .locator('.filmstrip img, .shot img')
          .evaluateAll((imgs) => imgs.map((i) => (i as unknown as { naturalWidth: number }).naturalWidth));
      await expect.poll(widths).not.toContain(0);
      expect(failed).toEqual([]);
      await page.close();

      // Nothing outside the folder: the test source beside it stays private, however the path is spelled.
      const outside = relative(fixture.outputDir, fixture.file);
      expect(outside.startsWith('../')).toBe(true);
      expect(await rawStatus(line.url, `/${outside}`)).toBe(403);
      expect(await rawStatus(line.url, `/%2e%2e/${outside.slice(3)}`)).toBe(403);
      expect(await rawStatus(line.url, '/bundles/nothing-here.png')).toBe(404);
      expect((await fetch(line.url, { method: 'POST' })).status).toBe(405);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited(child)).toBe(0);
  }, 60_000);

  it('honours --port, and refuses a folder that holds no report', async () => {
    const free = await serveReport(fixture.outputDir);
    const port = free.port;
    await free.close();
    const { child, line } = await showReport(['droidproof-report', '--no-open', '--port', String(port)]);
    child.kill('SIGTERM');
    expect(line.url).toBe(`http://127.0.0.1:${port}/`);
    expect(await exited(child)).toBe(0);

    const empty = await tempDir('droidproof-no-report-');
    await expect(serveReport(empty)).rejects.toMatchObject({ code: 'REPORT_NOT_FOUND' });
  }, 60_000);
});
