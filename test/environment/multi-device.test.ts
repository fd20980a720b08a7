/**
 * Tests that drive several devices, run by real Vitest on a farm of 3
 * virtual devices with 2 workers, beside a single-device test: each gets its
 * set all at once, and a failing one leaves one bundle per device, the
 * matcher's failure on the device it observed, listed by the HTML report and
 * JUnit with their devices.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { scanBundles } from '../../src/evidence/report/bundle-index.js';
import { verifyBundle } from '../../src/evidence/verify.js';
import { launchChromium } from '../support/chromium.js';
import { ensureBuilt, runCli, tempDir } from './helpers.js';

beforeAll(ensureBuilt, 180_000);

const FIXTURE = 'test/environment/fixtures/multi-device';
const FAILING = 'fails on the second device (on purpose)';

/** Two bundles of the failing test, one per device, the matcher's failure on the device it observed. */
async function expectEvidenceOfEveryDevice(report: string, output: string): Promise<void> {
  const bundles = (await scanBundles(join(report, 'bundles'))).filter(
    (b) => b.manifest.context.testName === FAILING,
  );
  expect(bundles).toHaveLength(2);
  const serials = bundles.map((b) => b.manifest.device.serial);
  expect(new Set(serials).size).toBe(2);
  for (const bundle of bundles) {
    expect((await verifyBundle(bundle.dir)).ok).toBe(true);
    expect(await readFile(join(bundle.dir, 'hierarchy.xml'), 'utf8')).toContain(
      'package="com.droidproof.chat"',
    );
  }
  // The matcher observed devices[1]: its candidates are on that device's bundle only, and the
  // failure message points there.
  const withFailure = bundles.filter((b) => b.manifest.artifacts.some((a) => a.kind === 'failure'));
  expect(withFailure).toHaveLength(1);
  const failure = JSON.parse(await readFile(join(withFailure[0]!.dir, 'failure.json'), 'utf8'));
  expect(failure).toMatchObject({ matcher: 'toShowNode' });
  expect(failure.candidates.map((c: { label: string }) => c.label)).toContain('ping');
  expect(output).toContain(`Evidence (complete): ${withFailure[0]!.dir}`);

  const junit = await readFile(join(report, 'junit.xml'), 'utf8');
  const testcase = junit.slice(junit.indexOf(`name="${FAILING}"`));
  for (const serial of serials) {
    expect(testcase).toMatch(new RegExp(`name="evidence" value="complete on ${serial}: `));
  }
  // The HTML report, opened in Chromium, heads each bundle of the test with its device.
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    await page.goto(pathToFileURL(join(report, 'index.html')).href);
    const failing = page.locator('.test[data-outcome="failed"]').filter({ hasText: FAILING });
    await expect.poll(() => failing.locator('.bundle h3').count()).toBe(2);
    const headings = await failing.locator('.bundle h3').allTextContents();
    expect(headings.sort()).toEqual(serials.map((s) => `Attempt 1 evidence on ${s} (complete)`).sort());
  } finally {
    await browser.close();
  }
}

describe('multi-device tests', () => {
  it('Vitest: lease their sets beside single-device tests and keep every device’s evidence', async () => {
    const report = join(await tempDir('droidproof-multi-'), 'report');
    const run = await runCli('vitest', ['run', '--config', `${FIXTURE}/vitest.config.ts`], {
      DROIDPROOF_REPORT_DIR: report,
    });
    expect(run.code, run.stdout + run.stderr).toBe(1);
    expect(run.stdout).toMatch(/Tests\s+1 failed \| 4 passed/);
    await expectEvidenceOfEveryDevice(report, run.stderr);
  }, 120_000);

  it('Jest: useDevices leases the set beside single-device tests and keeps every device’s evidence', async () => {
    const report = join(await tempDir('droidproof-multi-'), 'report');
    const run = await runCli('jest', ['--config', `${FIXTURE}/jest.config.js`], {
      DROIDPROOF_REPORT_DIR: report,
    });
    expect(run.code, run.stdout + run.stderr).toBe(1);
    expect(run.stderr).toMatch(/Tests:\s+1 failed, 2 passed, 3 total/);
    expect(run.stderr).not.toMatch(/failed to exit gracefully/);
    await expectEvidenceOfEveryDevice(report, run.stderr);
  }, 120_000);
});
