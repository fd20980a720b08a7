/**
 * The run's Jest reporter writes the report where the workers wrote the
 * bundles: the project's `evidence.outputDir`, unless the reporter was given
 * its own `outputDir`.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { AggregatedResult, Test, TestResult } from '@jest/reporters';
import { describe, expect, it, vi } from 'vitest';
import DroidproofRunJestReporter from '../../src/environment/jest/reporter.js';
import { captureEvidence } from '../../src/evidence/capture.js';
import { makePng, memorySource, tempRoot } from '../evidence/fixtures.js';

async function runWith(rootDir: string, reporterOptions: { outputDir?: string }) {
  const file = join(rootDir, 'login.test.js');
  await captureEvidence({
    source: memorySource(await makePng(540, 1200)),
    root: join(rootDir, 'device-report', 'bundles'),
    context: { testName: 'login fails', testPath: file, attempt: 1, originalVerdict: 'failed' },
  });
  const reporter = new DroidproofRunJestReporter({ rootDir }, reporterOptions);
  reporter.onTestResult(
    {} as Test,
    {
      testFilePath: file,
      testResults: [
        {
          ancestorTitles: ['login'],
          title: 'fails',
          fullName: 'login fails',
          status: 'failed',
          duration: 5,
          failureMessages: ['Error: no'],
          failureDetails: [],
          numPassingAsserts: 0,
          invocations: 1,
          retryReasons: [],
          location: null,
        },
      ],
    } as unknown as TestResult,
  );
  const contexts = new Set([
    { config: { testEnvironmentOptions: { droidproof: { evidence: { outputDir: 'device-report' } } } } },
  ]);
  const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  try {
    await reporter.onRunComplete(contexts, { startTime: Date.now() - 100 } as AggregatedResult);
  } finally {
    write.mockRestore();
  }
  expect(reporter.getLastError()).toBeUndefined();
  return reporter.lastReport!;
}

describe('the run Jest reporter', () => {
  it("follows the project's evidence.outputDir and finds the bundles there", async () => {
    const rootDir = await tempRoot('droidproof-jest-out-');
    const report = await runWith(rootDir, {});
    expect(report.htmlPath).toBe(join(rootDir, 'device-report', 'index.html'));
    expect(existsSync(join(rootDir, 'droidproof-report'))).toBe(false);
    expect(
      report.junitPath && (await import('node:fs/promises')).readFile(report.junitPath, 'utf8'),
    ).toBeDefined();
    const junit = await (await import('node:fs/promises')).readFile(report.junitPath!, 'utf8');
    expect(junit).toContain('[[ATTACHMENT|bundles/');
  });

  it("keeps the reporter's own outputDir when one is given", async () => {
    const rootDir = await tempRoot('droidproof-jest-out-');
    const report = await runWith(rootDir, { outputDir: 'elsewhere' });
    expect(report.htmlPath).toBe(join(rootDir, 'elsewhere', 'index.html'));
  });
});
