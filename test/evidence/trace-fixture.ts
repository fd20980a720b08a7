/**
 * A report whose failing test carries a trace, built from fixed data (fixed
 * times, screens and hierarchy) so the page renders the same every run: the
 * browser tests assert on it and compare its screenshot with a stored one.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { captureEvidence } from '../../src/evidence/capture.js';
import { BundleIndex, scanBundles } from '../../src/evidence/report/bundle-index.js';
import type { RunModel } from '../../src/evidence/report/run-model.js';
import { writeReport } from '../../src/evidence/report/write-report.js';
import type { TraceCapture, TraceStep } from '../../src/evidence/trace.js';
import { makePng, memorySource, SAMPLE_FAILURE, SETTINGS_XML, tempRoot } from './fixtures.js';

export const TRACE_FAILED = 'settings > saves the theme @smoke';
export const TRACE_PASSED = 'wifi > lists networks @wifi';
export const T0 = Date.UTC(2026, 11, 1, 2, 0, 0);

/** The test source the steps point into; line 8 is the failing expect. */
export const LOGIN_SOURCE = [
  "import { expect, test } from 'droidproof/vitest';",
  '',
  "test('saves the theme @smoke', async ({ device }) => {",
  "  await device.openApp('com.example.settings');",
  "  await expect(device).toShowNode({ textEquals: 'Wi-Fi' });",
  "  await device.click({ textEquals: 'Dark theme' });",
  "  await expect.poll(() => device.readText({ resourceId: 'status' })).toBe('saved');",
  "  await expect(device).toShowNode({ textEquals: 'Saved' });",
  '});',
  '',
].join('\n');

/** A 360×800 screen in one colour with a darker bar, so the filmstrip frames differ. */
function screen(r: number, g: number, b: number): Promise<Buffer> {
  return sharp({ create: { width: 360, height: 800, channels: 3, background: { r, g, b } } })
    .composite([
      {
        input: {
          create: { width: 360, height: 80, channels: 3, background: { r: r / 2, g: g / 2, b: b / 2 } },
        },
        top: 0,
        left: 0,
      },
    ])
    .png()
    .toBuffer();
}

function step(id: number, fields: Partial<TraceStep> & Pick<TraceStep, 'title' | 'startedAt'>): TraceStep {
  return {
    id,
    parentId: null,
    kind: 'action',
    mutating: false,
    finishedAt: fields.startedAt + 40,
    outcome: 'passed',
    callSite: null,
    ...fields,
  };
}

export async function buildTraceReportFixture() {
  const rootDir = await tempRoot('droidproof-trace-report-');
  const outputDir = join(rootDir, 'droidproof-report');
  const bundlesDir = join(outputDir, 'bundles');
  const file = join(rootDir, 'test', 'settings.test.ts');
  const other = join(rootDir, 'test', 'wifi.test.ts');
  await mkdir(join(rootDir, 'test'), { recursive: true });
  await writeFile(file, LOGIN_SOURCE);
  await writeFile(other, '');
  const at = (line: number) => ({ file, line, column: 3 });
  const steps: TraceStep[] = [
    step(1, {
      title: 'open_app {"applicationId":"com.example.settings"}',
      startedAt: T0,
      mutating: true,
      callSite: at(4),
    }),
    step(2, {
      kind: 'matcher',
      title: 'expect(device).toShowNode({"textEquals":"Wi-Fi"})',
      startedAt: T0 + 100,
      polls: 2,
      callSite: at(5),
    }),
    step(3, {
      title: 'click {"textEquals":"Dark theme"}',
      startedAt: T0 + 200,
      mutating: true,
      callSite: at(6),
    }),
    ...[4, 5, 6].map((id) =>
      step(id, {
        title: 'read_text {"resourceId":"status"}',
        startedAt: T0 + 200 + id * 50,
        callSite: at(7),
      }),
    ),
    step(7, {
      kind: 'matcher',
      title: 'expect(device).toShowNode({"textEquals":"Saved"})',
      startedAt: T0 + 600,
      finishedAt: T0 + 800,
      outcome: 'failed',
      error: 'expected a node matching {"textEquals":"Saved"}; observed no node matched',
      polls: 4,
      callSite: at(8),
    }),
  ];
  const shot = (id: number, stepId: number, phase: 'before' | 'after', atMs: number, png: Buffer) => ({
    id,
    stepId,
    phase,
    at: atMs,
    png,
    // The device screen these stand for; the images are already filmstrip-sized.
    width: 1080,
    height: 2400,
  });
  const trace: Omit<TraceCapture, 'mode'> = {
    steps,
    screens: [
      shot(1, 1, 'before', T0 - 5, await screen(230, 230, 240)),
      shot(2, 1, 'after', T0 + 45, await screen(200, 225, 255)),
      shot(3, 3, 'after', T0 + 245, await screen(255, 225, 200)),
    ],
    hierarchies: [
      { stepId: 2, at: T0 + 140, xml: SETTINGS_XML },
      { stepId: 7, at: T0 + 800, xml: SETTINGS_XML },
    ],
  };
  const timeline = steps.map((s, i) => ({
    commandId: `cmd-${i + 1}`,
    startedAtMs: s.startedAt,
    finishedAtMs: s.startedAt + 30,
    payload: { actions: [{ id: 'a1', type: s.title.split(' ')[0] }] },
    envelope: { status: 'success' },
    stepId: s.id,
  }));
  await captureEvidence({
    source: memorySource(await makePng(1080, 2400), { trace: async () => trace, timeline: () => timeline }),
    root: bundlesDir,
    context: {
      testName: TRACE_FAILED,
      testPath: file,
      attempt: 1,
      originalVerdict: 'failed',
      failureMessage: 'no Saved',
      testStartedAtMs: T0 - 10,
    },
    failure: SAMPLE_FAILURE,
    applicationId: 'com.example.settings',
    traceMode: 'on-failure',
  });
  const index = new BundleIndex(await scanBundles(bundlesDir));
  const model: RunModel = {
    runner: 'vitest',
    rootDir,
    startedAt: '2026-12-01T02:00:00.000Z',
    durationMs: 2500,
    tests: [
      {
        file,
        name: TRACE_FAILED,
        outcome: 'failed',
        durationMs: 900,
        attempts: 1,
        errors: ['Error: expect(device).toShowNode(...) failed'],
        bundles: index.forTest(file, TRACE_FAILED),
      },
      {
        file: other,
        name: TRACE_PASSED,
        outcome: 'passed',
        durationMs: 300,
        attempts: 1,
        errors: [],
        bundles: [],
      },
      {
        file: other,
        name: 'wifi > later',
        outcome: 'skipped',
        durationMs: 0,
        attempts: 1,
        errors: [],
        bundles: [],
      },
    ],
  };
  const written = await writeReport(model, outputDir);
  return { rootDir, outputDir, model, written, file };
}
