/**
 * A test that throws, times out or fails in beforeEach (no failing matcher)
 * gets its evidence at the moment of failure, before `afterEach` changes the
 * screen: through the `device` fixture's step that droidproof's runner runs
 * under Vitest, and `test_fn_failure` / `hook_failure` under Jest. With evidence
 * mode `always`, a passing test's bundle is taken at the same moment.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { scanBundles } from '../../src/evidence/report/bundle-index.js';
import { ensureBuilt, runCli, tempDir } from './helpers.js';

beforeAll(ensureBuilt, 180_000);

const FIXTURE = 'test/environment/fixtures/failure-moment';

async function screensByTest(report: string): Promise<Map<string, { message?: string; hierarchy: string }>> {
  const bundles = await scanBundles(join(report, 'bundles'));
  const screens = new Map<string, { message?: string; hierarchy: string }>();
  for (const bundle of bundles) {
    screens.set(bundle.manifest.context.testName, {
      message: bundle.manifest.context.failureMessage,
      hierarchy: await readFile(join(bundle.dir, 'hierarchy.xml'), 'utf8'),
    });
  }
  return screens;
}

function expectLoginScreen(
  screen: { message?: string; hierarchy: string } | undefined,
  message: RegExp,
): void {
  expect(screen?.message).toMatch(message);
  expect(screen?.hierarchy).toContain('package="com.droidproof.login"');
  expect(screen?.hierarchy).not.toContain('package="com.droidproof.shopping"');
}

describe('evidence at the moment of a non-matcher failure', () => {
  it('Vitest: a throw, a timeout and a beforeEach failure are captured before afterEach; an afterEach failure after it', async () => {
    const report = join(await tempDir('droidproof-moment-'), 'report');
    const run = await runCli('vitest', ['run', '--config', `${FIXTURE}/vitest.config.ts`], {
      DROIDPROOF_REPORT_DIR: report,
    });
    expect(run.code).toBe(1);
    const screens = await screensByTest(report);
    expectLoginScreen(screens.get('throws on the login screen'), /plain failure on the login screen/);
    expectLoginScreen(screens.get('times out on the login screen'), /timed out/i);
    expectLoginScreen(screens.get('setup > fails in beforeEach'), /beforeEach broke on the login screen/);
    // The `device` fixture is automatic: a test that only uses the global gets its attempt too.
    expectLoginScreen(
      screens.get('throws on the login screen without naming the device'),
      /plain failure without the fixture/,
    );
    // The fallback for a failure in afterEach itself: the bundle of the moment after it.
    expectLoginScreen(screens.get('passes its body and fails in afterEach'), /afterEach broke/);
  }, 120_000);

  it('Jest: a throw and a beforeEach failure are captured before afterEach', async () => {
    const report = join(await tempDir('droidproof-moment-'), 'report');
    const run = await runCli('jest', ['--config', `${FIXTURE}/jest.config.js`], {
      DROIDPROOF_REPORT_DIR: report,
    });
    expect(run.code).toBe(1);
    const screens = await screensByTest(report);
    expectLoginScreen(screens.get('throws on the login screen'), /plain failure on the login screen/);
    expectLoginScreen(screens.get('setup fails in beforeEach'), /beforeEach broke on the login screen/);
    // Jest workers get the Operator version with the lease too, so the bundle is complete.
    for (const bundle of await scanBundles(join(report, 'bundles'))) {
      expect(bundle.manifest.status).toBe('complete');
      expect(bundle.manifest.device.operatorVersion).toMatch(/^\d+\.\d+\.\d+/);
    }
  }, 120_000);

  describe("evidence mode 'always': a passing test's bundle is captured when its body ends", () => {
    const ALWAYS = 'test/environment/fixtures/always';
    for (const [runner, args] of [
      ['vitest', ['run', '--config', `${ALWAYS}/vitest.config.ts`]],
      ['jest', ['--config', `${ALWAYS}/jest.config.js`]],
    ] as const) {
      it(`${runner}: before afterEach, with the passed verdict`, async () => {
        const report = join(await tempDir('droidproof-always-'), 'report');
        const run = await runCli(runner, args, { DROIDPROOF_REPORT_DIR: report });
        expect(run.code).toBe(0);
        const [bundle, ...others] = await scanBundles(join(report, 'bundles'));
        expect(others).toHaveLength(0);
        expect(bundle?.manifest.context).toMatchObject({
          testName: 'passes on the login screen',
          originalVerdict: 'passed',
        });
        const hierarchy = await readFile(join(bundle!.dir, 'hierarchy.xml'), 'utf8');
        expect(hierarchy).toContain('package="com.droidproof.login"');
        expect(hierarchy).not.toContain('package="com.droidproof.shopping"');
      }, 120_000);
    }
  });
});
