/**
 * End to end: a real failing Vitest run on the virtual device (the built
 * package, droidproof's plugin and reporter) writes a report whose failing
 * test has its steps, each with the test file and line that made it, and the
 * screens before and after the steps that changed the screen; the passing test
 * of the same file writes no trace (trace mode `on-failure`). Under Jest with
 * trace `on`, both tests keep a trace with the lines of their `.cjs` source.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { scanBundles } from '../../src/evidence/report/bundle-index.js';
import { TraceFileSchema } from '../../src/evidence/trace.js';
import { verifyBundle } from '../../src/evidence/verify.js';
import { ensureBuilt, runCli, tempDir } from '../environment/helpers.js';

beforeAll(ensureBuilt, 180_000);

const FIXTURE = 'test/evidence/fixtures/trace';

/** The line of `needle` in the fixture's source, so the test follows edits of the fixture. */
async function lineOf(needle: string): Promise<number> {
  const lines = (await readFile(join(FIXTURE, 'login.vitest.ts'), 'utf8')).split('\n');
  const index = lines.findIndex((line) => line.includes(needle));
  expect(index).toBeGreaterThanOrEqual(0);
  return index + 1;
}

describe('a failing test on the virtual device', () => {
  it('leaves a trace: steps with their test lines, screens before and after, in the report', async () => {
    const report = join(await tempDir('droidproof-trace-e2e-'), 'report');
    const run = await runCli('vitest', ['run', '--config', `${FIXTURE}/vitest.config.ts`], {
      DROIDPROOF_REPORT_DIR: report,
    });
    expect(run.code).toBe(1);
    const bundles = await scanBundles(join(report, 'bundles'));
    expect(bundles.map((b) => b.manifest.context.testName)).toEqual(['signs in with a short password']);
    const [bundle] = bundles;
    expect((await verifyBundle(bundle!.dir)).problems).toEqual([]);

    const trace = TraceFileSchema.parse(JSON.parse(await readFile(join(bundle!.dir, 'trace.json'), 'utf8')));
    const steps = trace.steps.map((s) => ({
      kind: s.kind,
      outcome: s.outcome,
      at: s.callSite && `${s.callSite.file.split('/').slice(-1)[0]}:${s.callSite.line}`,
    }));
    const at = async (needle: string) => `login.vitest.ts:${await lineOf(needle)}`;
    expect(steps).toEqual([
      { kind: 'action', outcome: 'passed', at: await at('device.openApp(LOGIN)') },
      { kind: 'matcher', outcome: 'passed', at: await at("toShowNode({ textEquals: 'Sign in' })") },
      { kind: 'action', outcome: 'passed', at: await at("id('email')") },
      { kind: 'action', outcome: 'passed', at: await at("id('password')") },
      { kind: 'action', outcome: 'passed', at: await at("id('sign_in')") },
      { kind: 'matcher', outcome: 'failed', at: await at("textContains: 'Welcome'") },
    ]);
    const failed = trace.steps.at(-1)!;
    expect(failed.polls).toBeGreaterThan(1);
    expect(trace.steps[0]!.callSite!.file).toBe(join(process.cwd(), FIXTURE, 'login.vitest.ts'));

    // A "before" of the first step, and an "after" of every step that changed the screen.
    const mutating = trace.steps.filter((s) => s.mutating).map((s) => s.id);
    expect(trace.screens.map((s) => `${s.stepId}:${s.phase}`)).toEqual([
      `${mutating[0]}:before`,
      ...mutating.map((id) => `${id}:after`),
    ]);
    for (const screen of trace.screens) {
      const meta = await sharp(join(bundle!.dir, screen.file)).metadata();
      expect([meta.width, meta.height]).toEqual([screen.width, screen.height]);
      expect(screen.width).toBeLessThan(screen.sourceWidth);
    }
    // The filmstrip shows the form changing: typing and submitting make different screens.
    const pixels = await Promise.all(
      trace.screens.map((s) => sharp(join(bundle!.dir, s.file)).raw().toBuffer()),
    );
    expect(new Set(pixels.map((p) => p.toString('base64'))).size).toBeGreaterThan(2);
    // The failed matcher's last observed screen is in the trace, for the inspector.
    expect(trace.hierarchies.map((h) => h.stepId)).toContain(failed.id);

    // The report's embedded data: the same steps, with their test lines and their screens.
    const html = await readFile(join(report, 'index.html'), 'utf8');
    const data = JSON.parse(
      /<script id="report-data" type="application\/json">(.*?)<\/script>/s.exec(html)![1]!,
    );
    const test = data.tests.find((t: { outcome: string }) => t.outcome === 'failed');
    const shown = test.bundles[0].trace.steps as {
      file: string;
      line: number;
      before: number | null;
      after: number | null;
    }[];
    expect(shown.map((s) => `${s.file}:${s.line}`)).toEqual(
      // Relative to the run's root, the fixture folder (its config sets `root`).
      trace.steps.map((s) => `login.vitest.ts:${s.callSite!.line}`),
    );
    expect(shown.every((s) => s.before !== null && s.after !== null)).toBe(true);
    expect(test.snippet.line).toBe(failed.callSite!.line);
  }, 120_000);

  it("Jest with trace 'on': both tests keep a trace, with their lines in the .cjs source", async () => {
    const report = join(await tempDir('droidproof-trace-e2e-'), 'report');
    const run = await runCli('jest', ['--config', `${FIXTURE}/jest.config.js`], {
      DROIDPROOF_REPORT_DIR: report,
    });
    expect(run.code).toBe(1);
    const source = (await readFile(join(FIXTURE, 'login.jest.cjs'), 'utf8')).split('\n');
    const lineOfJest = (needle: string) => source.findIndex((line) => line.includes(needle)) + 1;
    const traces = new Map<string, { at: string; outcome: string }[]>();
    for (const bundle of await scanBundles(join(report, 'bundles'))) {
      const trace = TraceFileSchema.parse(JSON.parse(await readFile(join(bundle.dir, 'trace.json'), 'utf8')));
      expect(trace.mode).toBe('on');
      traces.set(
        bundle.manifest.context.testName,
        trace.steps.map((s) => ({
          at: `${s.callSite?.file.split('/').at(-1)}:${s.callSite?.line}`,
          outcome: s.outcome,
        })),
      );
    }
    const at = (needle: string) => `login.jest.cjs:${lineOfJest(needle)}`;
    expect(traces.get('signs in with a short password')).toEqual([
      { at: at('openApp(LOGIN)'), outcome: 'passed' },
      { at: at("id('email')"), outcome: 'passed' },
      { at: at("id('sign_in')"), outcome: 'passed' },
      { at: at("'Welcome'"), outcome: 'failed' },
    ]);
    expect(traces.get('shows the form')?.map((s) => s.outcome)).toEqual(['passed', 'passed']);
  }, 120_000);
});
