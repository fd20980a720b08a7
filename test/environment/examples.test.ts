/**
 * The example suites, run the way users run them: the Vitest suite on 3
 * virtual devices with 3 workers, the Jest suite the same way, and the
 * deliberately failing suite, which must fail and leave verifiable evidence
 * for every attempt. Each runs with a PATH that holds only `node`: the main
 * job needs nothing else (no adb binary), on every machine.
 */
import { access, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { scanBundles } from '../../src/evidence/report/bundle-index.js';
import { verifyBundle } from '../../src/evidence/verify.js';
import { ensureBuilt, nodeOnlyPath, runCli, tempDir } from './helpers.js';

let PATH = '';
beforeAll(async () => {
  await ensureBuilt();
  PATH = await nodeOnlyPath();
}, 180_000);

/** The run's environment: its own report directory, and nothing but Node on PATH. */
async function bareEnv(): Promise<{ report: string; env: NodeJS.ProcessEnv }> {
  const report = join(await tempDir('droidproof-examples-'), 'report');
  return { report, env: { DROIDPROOF_REPORT_DIR: report, PATH } };
}

function testcases(junit: string): { name: string; failed: boolean }[] {
  return [...junit.matchAll(/<testcase\b[^>]*\bname="([^"]*)"[^>]*?(\/>|>([\s\S]*?)<\/testcase>)/g)].map(
    (m) => ({
      name: m[1],
      failed: /<failure\b/.test(m[3] ?? ''),
    }),
  );
}

describe('example suites', () => {
  it('the Vitest suite passes on 3 devices with 3 workers and prints where its report is', async () => {
    const { report, env } = await bareEnv();
    const run = await runCli(
      'vitest',
      ['run', '--config', 'examples/vitest/vitest.config.ts', '--maxWorkers=3'],
      env,
    );
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toMatch(/Test Files\s+9 passed/);
    expect(run.stdout).toMatch(/droidproof: report \S+index\.html, JUnit \S+junit\.xml/);
    const cases = testcases(await readFile(join(report, 'junit.xml'), 'utf8'));
    expect(cases.length).toBeGreaterThanOrEqual(10);
    expect(cases.filter((c) => c.failed)).toEqual([]);
    await access(join(report, 'index.html'));
  }, 120_000);

  it('the Jest suite passes on 3 devices with 3 workers and prints where its report is', async () => {
    const { report, env } = await bareEnv();
    const run = await runCli('jest', ['--config', 'examples/jest/jest.config.js', '--maxWorkers=3'], env);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stderr).toMatch(/Test Suites:\s+7 passed, 7 total/);
    expect(run.stderr).not.toMatch(/failed to exit gracefully/);
    expect(run.stdout).toMatch(/droidproof: report \S+index\.html/);
    const cases = testcases(await readFile(join(report, 'junit.xml'), 'utf8'));
    expect(cases.length).toBeGreaterThanOrEqual(7);
    expect(cases.filter((c) => c.failed)).toEqual([]);
  }, 120_000);

  it('the failing suite exits non-zero and keeps a verifiable bundle for each attempt', async () => {
    const { report, env } = await bareEnv();
    const run = await runCli(
      'vitest',
      ['run', '--config', 'examples/failing/vitest.config.ts', '--retry=1'],
      env,
    );
    expect(run.code).toBe(1);
    const bundles = await scanBundles(join(report, 'bundles'));
    expect(bundles.map((b) => b.manifest.context.attempt).sort()).toEqual([1, 2]);
    for (const bundle of bundles) {
      expect(bundle.manifest.context.testName).toBe('greets a returning user by name (fails on purpose)');
      expect(bundle.manifest.context.originalVerdict).toBe('failed');
      expect((await verifyBundle(bundle.dir)).ok).toBe(true);
      // The Operator version comes from the pool's doctor with the lease: nothing is missing.
      expect(bundle.manifest).toMatchObject({
        status: 'complete',
        errors: [],
        device: { operatorVersion: expect.stringMatching(/^\d+\.\d+\.\d+/) },
      });
      // The screen of the failing moment: the welcome screen the test did not expect.
      expect(await readFile(join(bundle.dir, 'hierarchy.xml'), 'utf8')).toContain('Welcome, ada@example.com');
    }
    const junit = await readFile(join(report, 'junit.xml'), 'utf8');
    expect(testcases(junit)).toEqual([
      { name: expect.stringContaining('greets a returning user'), failed: true },
    ]);
    expect(junit).toContain('[[ATTACHMENT|');
  }, 120_000);
});
