/**
 * The trace's parts on the host side: which attempts record and keep a trace,
 * writing it into a bundle (verified like every artifact), folding repeated
 * calls, the app's logcat lines, the failing line's source, and labels on the
 * annotated screenshot that leave the status bar visible.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { annotateScreenshot, labelTop, statusBarHeightPx } from '../../src/evidence/annotate.js';
import { captureEvidence } from '../../src/evidence/capture.js';
import { orderLogcat } from '../../src/evidence/logcat.js';
import { logcatPreview } from '../../src/evidence/report/logcat-data.js';
import { lineInStack, readSnippet } from '../../src/evidence/report/source-snippet.js';
import { foldRepeats, type HtmlStep } from '../../src/evidence/report/trace-data.js';
import { TraceFileSchema, traceRecords, traceRetained } from '../../src/evidence/trace.js';
import { verifyBundle } from '../../src/evidence/verify.js';
import { fixtureCandidate, LOGCAT, makePng, memorySource, SETTINGS_XML, tempRoot } from './fixtures.js';

describe('trace modes', () => {
  it('records and keeps the attempts each mode names', () => {
    const table = (['off', 'on-failure', 'retain-on-first-retry', 'on'] as const).map((mode) => [
      mode,
      [1, 2, 3].map((attempt) => traceRecords(mode, attempt)),
      [1, 2].map((attempt) => [
        traceRetained(mode, attempt, 'passed'),
        traceRetained(mode, attempt, 'failed'),
      ]),
    ]);
    expect(table).toEqual([
      [
        'off',
        [false, false, false],
        [
          [false, false],
          [false, false],
        ],
      ],
      [
        'on-failure',
        [true, true, true],
        [
          [false, true],
          [false, true],
        ],
      ],
      [
        'retain-on-first-retry',
        [false, true, false],
        [
          [false, false],
          [true, true],
        ],
      ],
      [
        'on',
        [true, true, true],
        [
          [true, true],
          [true, true],
        ],
      ],
    ]);
  });
});

describe('a trace in a bundle', () => {
  const trace = async () => ({
    steps: [
      {
        id: 1,
        parentId: null,
        kind: 'action' as const,
        title: 'click',
        mutating: true,
        startedAt: 1000,
        finishedAt: 1100,
        outcome: 'passed' as const,
        callSite: { file: '/app/a.test.ts', line: 3, column: 5 },
      },
    ],
    screens: [1, 2].map((id) => ({
      id,
      stepId: 1,
      phase: id === 1 ? ('before' as const) : ('after' as const),
      at: 990 + id * 100,
      png: new Uint8Array(0),
      width: 1080,
      height: 2400,
    })),
    hierarchies: [{ stepId: 1, at: 1100, xml: SETTINGS_XML }],
  });

  it('is written with its screens and hierarchies when a mode is given, each in the manifest', async () => {
    const full = await makePng(1080, 2400);
    const root = await tempRoot();
    const source = memorySource(await makePng(), {
      trace: async () => ({
        ...(await trace()),
        screens: (await trace()).screens.map((s) => ({ ...s, png: full })),
      }),
    });
    const context = { testName: 't', attempt: 1, originalVerdict: 'failed' as const, testStartedAtMs: 900 };
    const result = await captureEvidence({ source, root, context, traceMode: 'on-failure' });
    expect(result.status).toBe('complete');
    const kinds = result.artifacts.map((a) => a.kind).filter((k) => k.startsWith('trace'));
    expect(kinds.sort()).toEqual(['trace', 'trace_hierarchy', 'trace_screen', 'trace_screen']);
    expect((await verifyBundle(result.dir!)).problems).toEqual([]);
    const file = TraceFileSchema.parse(JSON.parse(await readFile(join(result.dir!, 'trace.json'), 'utf8')));
    expect(file).toMatchObject({ mode: 'on-failure', since: 900, steps: [{ id: 1, callSite: { line: 3 } }] });
    expect(file.screens.map((s) => s.file)).toEqual(['trace-screen-1.png', 'trace-screen-2.png']);
    // Downscaled for the filmstrip when written; the hierarchy's space is the device screen's.
    expect(file.screens[0]).toMatchObject({ width: 360, height: 800, sourceWidth: 1080, sourceHeight: 2400 });
    const written = await sharp(join(result.dir!, 'trace-screen-1.png')).metadata();
    expect([written.width, written.height]).toEqual([360, 800]);
    expect(await readFile(join(result.dir!, 'trace-hierarchy-1.xml'), 'utf8')).toBe(SETTINGS_XML);

    const without = await captureEvidence({ source, root, context: { ...context, attempt: 2 } });
    expect(without.artifacts.some((a) => a.kind.startsWith('trace'))).toBe(false);
  });
});

describe('the report side', () => {
  const step = (id: number, title: string, fields: Partial<HtmlStep> = {}): HtmlStep => ({
    id,
    kind: 'action',
    title,
    outcome: 'passed',
    durationMs: 10,
    polls: null,
    count: 1,
    file: 'a.test.ts',
    line: 7,
    error: null,
    before: null,
    after: id,
    hierarchy: null,
    executions: [],
    children: [],
    ...fields,
  });

  it('folds consecutive identical passing calls, never a failure or calls from other lines', () => {
    const folded = foldRepeats([
      step(1, 'read_text'),
      step(2, 'read_text'),
      step(3, 'read_text'),
      step(4, 'read_text', { outcome: 'failed' }),
      step(5, 'read_text', { line: 8 }),
      step(6, 'read_text', { line: 8 }),
    ]);
    expect(folded.map((s) => [s.id, s.count, s.durationMs, s.after])).toEqual([
      [1, 3, 30, 3],
      [4, 1, 10, 4],
      [5, 2, 20, 6],
    ]);
  });

  it("marks the app's logcat lines and their levels", () => {
    const preview = logcatPreview(
      orderLogcat(LOGCAT, { applicationId: 'com.example.settings', processIds: [4242] }),
      400,
    );
    expect(preview.app).toBe('com.example.settings');
    expect(preview.totalLines).toBe(4);
    expect(preview.lines.map((l) => [l.level, l.app])).toEqual([
      ['I', true],
      ['D', true],
      ['E', true],
      ['W', false],
    ]);
    expect(logcatPreview(LOGCAT, 2).lines.map((l) => l.app)).toEqual([false, false]);
  });

  it('reads the lines around the failing one, found in a stack when no step names it', async () => {
    const root = await tempRoot();
    const file = join(root, 'a.test.ts');
    await writeFile(file, Array.from({ length: 20 }, (_, i) => `line ${i + 1}`).join('\n'));
    const line = lineInStack([`Error: x\n    at ${file}:12:3\n    at ${file}:2:1`], file);
    expect(line).toBe(12);
    const snippet = await readSnippet(root, file, line!);
    expect(snippet).toMatchObject({ file: 'a.test.ts', line: 12 });
    expect(snippet!.lines.map((l) => l.number)).toEqual([8, 9, 10, 11, 12, 13, 14, 15, 16]);
    expect(snippet!.lines[4]!.text).toBe('line 12');
    expect(lineInStack(['Error: elsewhere'], file)).toBeNull();
    expect(await readSnippet(root, file, 99)).toBeNull();
  });
});

describe('annotation labels', () => {
  it('go above a box, below it when the status bar is there, inside it when neither fits', () => {
    const reserved = statusBarHeightPx(2400, 420);
    expect(reserved).toBe(63);
    expect(statusBarHeightPx(2400, null)).toBe(72);
    expect(labelTop({ left: 0, top: 500, right: 10, bottom: 600 }, 2400, reserved)).toBe(466);
    expect(labelTop({ left: 0, top: 80, right: 10, bottom: 200 }, 2400, reserved)).toBe(200);
    expect(labelTop({ left: 0, top: 0, right: 10, bottom: 2400 }, 2400, reserved)).toBe(63);
  });

  it('leave the status bar of the annotated screenshot untouched', async () => {
    const png = await makePng(1080, 2400);
    const top = {
      ...fixtureCandidate('0.0', 'match'),
      bounds: { left: 0, top: 70, right: 1080, bottom: 200 },
    };
    const annotated = await annotateScreenshot(png, { width: 1080, height: 2400 }, [top], [], 420);
    const rows = async (image: Uint8Array, from: number, count: number) =>
      sharp(image).extract({ left: 0, top: from, width: 1080, height: count }).raw().toBuffer();
    expect((await rows(annotated, 0, 63)).equals(await rows(png, 0, 63))).toBe(true);
    // The label went below the box instead.
    expect((await rows(annotated, 205, 20)).equals(await rows(png, 205, 20))).toBe(false);
  });
});
