/**
 * The Jest reporter fed the shapes Jest 30 reports (final AssertionResults with
 * `invocations` and `retryReasons`), joining bundles from the bundles root.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AggregatedResult, Test, TestResult } from '@jest/reporters';
import { describe, expect, it } from 'vitest';
import { captureEvidence } from '../../src/evidence/capture.js';
import { DroidproofJestReporter } from '../../src/evidence/report/jest-reporter.js';
import { makePng, memorySource, tempRoot } from './fixtures.js';

type Assertion = TestResult['testResults'][number];

function assertion(title: string, status: Assertion['status'], extra: Partial<Assertion> = {}): Assertion {
  return {
    ancestorTitles: ['settings'],
    title,
    fullName: `settings ${title}`,
    status,
    duration: 12,
    failureMessages: status === 'failed' ? [`Error: ${title} failed`] : [],
    failureDetails: [],
    numPassingAsserts: 0,
    invocations: 1,
    retryReasons: [],
    location: null,
    ...extra,
  } as Assertion;
}

describe('DroidproofJestReporter', () => {
  it('builds the run model from onTestResult and writes the report in onRunComplete', async () => {
    const rootDir = await tempRoot('droidproof-jest-');
    const file = join(rootDir, 'settings.test.js');
    const png = await makePng(540, 1200);
    const bundles = join(rootDir, 'droidproof-report', 'bundles');
    for (const [name, attempt] of [
      ['settings saves', 1],
      ['settings retries', 1],
    ] as const) {
      await captureEvidence({
        source: memorySource(png),
        root: bundles,
        context: { testName: name, testPath: file, attempt, originalVerdict: 'failed' },
      });
    }
    const reporter = new DroidproofJestReporter({ rootDir });
    reporter.onTestResult(
      {} as Test,
      {
        testFilePath: file,
        testResults: [
          assertion('saves', 'failed'),
          assertion('retries', 'passed', { invocations: 2, retryReasons: ['Error: timed out'] }),
          assertion('lists', 'passed'),
          assertion('later', 'pending'),
        ],
      } as unknown as TestResult,
    );
    await reporter.onRunComplete(new Set(), { startTime: Date.now() - 1000 } as AggregatedResult);
    expect(reporter.getLastError()).toBeUndefined();

    const html = await readFile(reporter.lastReport!.htmlPath!, 'utf8');
    const data = JSON.parse(
      /<script id="report-data" type="application\/json">(.*?)<\/script>/s.exec(html)![1],
    );
    expect(data.summary).toEqual({ total: 4, passed: 1, failed: 1, flaky: 1, skipped: 1 });
    const flaky = data.tests.find((t: { name: string }) => t.name === 'settings retries');
    expect(flaky).toMatchObject({ outcome: 'flaky', attempts: 2, errors: ['Error: timed out'] });
    expect(flaky.bundles).toHaveLength(1);
    const junit = await readFile(reporter.lastReport!.junitPath!, 'utf8');
    expect(junit).toContain('<property name="flaky" value="true"/>');
    expect(junit.match(/\[\[ATTACHMENT\|bundles\//g)?.length).toBeGreaterThanOrEqual(12);
  });
});
