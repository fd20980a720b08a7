/**
 * Errors outside matchers are as good as matcher failures: `device.click(m)`
 * and `device.node(m).click()` that find no node name the call the user made,
 * the closest candidates and the evidence bundle written at that moment.
 */
import { access, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { scanBundles } from '../../src/evidence/report/bundle-index.js';
import { ensureBuilt, runCli, tempDir } from './helpers.js';

beforeAll(ensureBuilt, 180_000);

describe('node actions that find no node', () => {
  it('report the call, the closest candidates and the evidence path', async () => {
    const report = join(await tempDir('droidproof-actions-'), 'report');
    const run = await runCli(
      'vitest',
      ['run', '--config', 'test/environment/fixtures/action-failures/vitest.config.ts'],
      { DROIDPROOF_REPORT_DIR: report },
    );
    expect(run.code).toBe(1);
    const bundles = await scanBundles(join(report, 'bundles'));
    expect(bundles).toHaveLength(2);
    const byTest = new Map(bundles.map((b) => [b.manifest.context.testName, b]));

    const output = run.stdout + run.stderr;
    const cases = [
      {
        test: 'device.click on a node that is not there',
        call: 'device.click({"textEquals":"Dark Theme"})',
        headline:
          /device\.click\(\{"textEquals":"Dark Theme"\}\) failed: Step click \(click\) failed: NODE_NOT_FOUND\n/,
      },
      {
        test: 'device.node(...).click() on a node that is not there',
        call: 'device.node({"textEquals":"Dark Theme"}).click()',
        headline:
          /device\.node\(\{"textEquals":"Dark Theme"\}\)\.click\(\) failed: no node matching \{"textEquals":"Dark Theme"\} was shown within \d+ ms \(\d+ observations\)\n/,
      },
    ];
    for (const { test, call, headline } of cases) {
      const bundle = byTest.get(test);
      expect(bundle, test).toBeDefined();
      // The message as the runner prints it: the call, what was seen, the candidates, the bundle.
      const start = output.search(headline);
      expect(start, `${test}\n${output}`).toBeGreaterThanOrEqual(0);
      const message = output.slice(start, output.indexOf('\n \u276F', start));
      expect(message).toMatch(/Observed: no node matched/);
      expect(message).toMatch(/Closest candidates:\n {2}1\. same text, different case: "Dark theme" Switch/);
      expect(message).toContain(`Evidence (complete): ${bundle!.dir}`);
      // The bundle is the one written at that moment, named after the call, with the candidates.
      const failure = JSON.parse(await readFile(join(bundle!.dir, 'failure.json'), 'utf8'));
      expect(failure).toMatchObject({ matcher: call, selector: { textEquals: 'Dark Theme' } });
      expect(failure.candidates[0]).toMatchObject({ reason: 'case_mismatch', label: 'Dark theme' });
      await access(join(bundle!.dir, 'annotated.png'));
    }
  }, 120_000);
});
