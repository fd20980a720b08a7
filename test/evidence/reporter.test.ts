/**
 * Runs a real Vitest child process over a fixture suite with droidproof's
 * reporter, then checks the report folder: bundles verify, JUnit attachments
 * exist, the flaky test is marked, the HTML names the failing test.
 */
import { execFile } from 'node:child_process';
import { access, readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { XMLParser } from 'fast-xml-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { BundleIndex, scanBundles } from '../../src/evidence/report/bundle-index.js';
import { verifyBundle } from '../../src/evidence/verify.js';
import { tempRoot } from './fixtures.js';

const here = dirname(fileURLToPath(import.meta.url));
const suiteDir = join(here, 'fixtures', 'vitest-suite');
const vitestBin = resolve(here, '../../node_modules/vitest/vitest.mjs');

interface JunitCase {
  name: string;
  failure?: { message: string };
  skipped?: string;
  properties: { property: { name: string; value: string }[] };
  'system-out'?: string;
}

let reportDir: string;
let childExit: number;

beforeAll(async () => {
  reportDir = join(await tempRoot('droidproof-vitest-run-'), 'droidproof-report');
  const env = {
    ...process.env,
    DROIDPROOF_TEST_REPORT_DIR: reportDir,
    DROIDPROOF_EVIDENCE_DIR: join(reportDir, 'bundles'),
  };
  childExit = await promisify(execFile)(
    process.execPath,
    [vitestBin, 'run', '--config', join(suiteDir, 'vitest.config.ts')],
    {
      cwd: suiteDir,
      env,
    },
  )
    .then(() => 0)
    .catch((error: { code?: number }) => error.code ?? -1);
}, 60_000);

describe('DroidproofReporter in a real Vitest run', () => {
  it('fails the run (one test failed) and writes index.html and junit.xml', async () => {
    expect(childExit).toBe(1);
    await access(join(reportDir, 'index.html'));
    await access(join(reportDir, 'junit.xml'));
  });

  it('keeps a verifiable bundle for the matcher failure and for the flaky first attempt', async () => {
    const bundles = await scanBundles(join(reportDir, 'bundles'));
    expect(bundles.map((b) => b.manifest.context.testName).sort()).toEqual([
      'settings > opens Wi-Fi',
      'settings > shows the saved toast',
    ]);
    for (const bundle of bundles) expect((await verifyBundle(bundle.dir)).problems).toEqual([]);
    const index = new BundleIndex(bundles);
    const toast = index.forTest(join(suiteDir, 'settings.suite.ts'), 'settings > shows the saved toast');
    expect(toast).toHaveLength(1);
    expect(toast[0].manifest.artifacts.map((a) => a.kind)).toContain('failure');
  });

  it('reports each test once in JUnit, flaky marked, attachments pointing at files', async () => {
    const xml = await readFile(join(reportDir, 'junit.xml'), 'utf8');
    const doc = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '',
      isArray: (n) => ['testcase', 'property'].includes(n),
    }).parse(xml);
    const cases = doc.testsuites.testsuite.testcase as JunitCase[];
    expect(cases.map((c) => c.name).sort()).toEqual([
      'settings > later',
      'settings > lists rows',
      'settings > opens Wi-Fi',
      'settings > shows the saved toast',
    ]);
    const byName = Object.fromEntries(cases.map((c) => [c.name, c]));
    expect(byName['settings > shows the saved toast'].failure?.message).toContain('toShowNode');
    expect(byName['settings > opens Wi-Fi'].properties.property).toContainEqual({
      name: 'flaky',
      value: 'true',
    });
    expect(byName['settings > later'].skipped).toBe('');
    for (const name of ['settings > shows the saved toast', 'settings > opens Wi-Fi']) {
      const paths = [...String(byName[name]['system-out']).matchAll(/\[\[ATTACHMENT\|(.+?)\]\]/g)].map(
        (m) => m[1],
      );
      expect(paths.length).toBeGreaterThanOrEqual(6);
      for (const path of paths) await access(join(reportDir, path));
    }
  });

  it('summarises the run in the HTML data', async () => {
    const html = await readFile(join(reportDir, 'index.html'), 'utf8');
    const data = JSON.parse(
      /<script id="report-data" type="application\/json">(.*?)<\/script>/s.exec(html)![1],
    );
    expect(data.summary).toEqual({ total: 4, passed: 1, failed: 1, flaky: 1, skipped: 1 });
    const failed = data.tests.find((t: { outcome: string }) => t.outcome === 'failed');
    expect(failed.errors[0]).toContain('Closest candidates');
    expect(failed.bundles[0].failure.matcher).toBe('toShowNode');
    expect(failed.bundles[0].nodes.length).toBe(10);
  });
});
