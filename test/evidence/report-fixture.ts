/** A report on disk with real bundles: one failed, one flaky, one passed and one skipped test. */
import { join } from 'node:path';
import { captureEvidence } from '../../src/evidence/capture.js';
import { BundleIndex, scanBundles } from '../../src/evidence/report/bundle-index.js';
import type { RunModel } from '../../src/evidence/report/run-model.js';
import { writeReport } from '../../src/evidence/report/write-report.js';
import { makePng, memorySource, SAMPLE_FAILURE, tempRoot } from './fixtures.js';

export const FAILED_NAME = 'settings > shows "Saved" & <confirms>';
export const FLAKY_NAME = 'settings > opens Wi-Fi';

export async function buildReportFixture() {
  const rootDir = await tempRoot('droidproof-report-');
  const outputDir = join(rootDir, 'droidproof-report');
  const bundlesDir = join(outputDir, 'bundles');
  const file = join(rootDir, 'test', 'settings.test.ts');
  const png = await makePng(1080, 2400);
  const base = { testPath: file, testStartedAtMs: 0, originalVerdict: 'failed' as const };
  await captureEvidence({
    source: memorySource(png),
    root: bundlesDir,
    context: { ...base, testName: FAILED_NAME, attempt: 1, failureMessage: 'no Saved' },
    // A screenshot comparison's diff travels with the failure into the bundle.
    failure: {
      ...SAMPLE_FAILURE,
      images: [{ role: 'diff', file: 'screenshot-diff.png', png: await makePng(540, 1200) }],
    },
    applicationId: 'com.example.settings',
  });
  await captureEvidence({
    source: memorySource(png),
    root: bundlesDir,
    context: { ...base, testName: FLAKY_NAME, attempt: 1 },
  });
  const index = new BundleIndex(await scanBundles(bundlesDir));
  const model: RunModel = {
    runner: 'vitest',
    rootDir,
    startedAt: '2026-12-01T02:00:00.000Z',
    durationMs: 1234,
    tests: [
      {
        file,
        name: FAILED_NAME,
        outcome: 'failed',
        durationMs: 250,
        attempts: 1,
        errors: ['Error: expected "Saved" ]]> \u001b[31mred\u001b[39m'],
        bundles: index.forTest(file, FAILED_NAME),
      },
      {
        file,
        name: FLAKY_NAME,
        outcome: 'flaky',
        durationMs: 300,
        attempts: 2,
        errors: ['Error: first attempt failed'],
        bundles: index.forTest(file, FLAKY_NAME),
      },
      {
        file,
        name: 'settings > lists rows',
        outcome: 'passed',
        durationMs: 20,
        attempts: 1,
        errors: [],
        bundles: [],
      },
      {
        file,
        name: 'settings > later',
        outcome: 'skipped',
        durationMs: 0,
        attempts: 1,
        errors: [],
        bundles: [],
      },
    ],
  };
  const written = await writeReport(model, outputDir);
  return { rootDir, outputDir, bundlesDir, model, written };
}
