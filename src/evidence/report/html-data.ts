/**
 * The data the HTML report embeds: per test, its bundles read from disk
 * (flattened hierarchy, timeline, logcat excerpt, failure), with every link
 * relative to the report directory so the page works from file://.
 */
import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { type FailureReport, FailureReportSchema } from '../failure.js';
import { BUNDLE_FILES, type EvidenceError, type Manifest } from '../manifest.js';
import { cleanText, portablePath } from '../markup.js';
import { bundleDevice } from './bundle-index.js';
import { type HtmlNode, inspectorNodesOfXml } from './inspector-data.js';
import { type HtmlLogcat, logcatPreview } from './logcat-data.js';
import type { BundleRef, RunModel, TestOutcome, TestRecord } from './run-model.js';
import { lineInStack, readSnippet, type SourceSnippet } from './source-snippet.js';
import {
  buildTrace,
  type HtmlExecution,
  type HtmlStep,
  type HtmlTrace,
  readTraceFile,
} from './trace-data.js';

export type { HtmlExecution, HtmlNode };

/** Logcat lines shown inline; the whole file stays linked. */
export const LOGCAT_PREVIEW_LINES = 400;

export interface HtmlBundle {
  attempt: number;
  /** The device's serial: a test that drives several devices has one bundle per device. */
  device: string | null;
  status: string;
  dir: string;
  files: { name: string; href: string; bytes: number | null }[];
  screenshot: string | null;
  annotated: string | null;
  /** A screenshot comparison's diff image (`screenshot_diff` entry). */
  diff: string | null;
  image: { width: number; height: number } | null;
  /** The attempt's recording, clip by clip: MP4 plays in `<video>`, an animated PNG in `<img>`. */
  videos: { href: string; mimeType: string; width: number | null; height: number | null }[];
  nodes: HtmlNode[];
  timeline: HtmlExecution[];
  logcat: HtmlLogcat | null;
  failure: FailureReport | null;
  errors: EvidenceError[];
  /** The attempt's steps and screens, when its trace was kept. */
  trace: HtmlTrace | null;
  /** `model (serial)` of the device it ran on, for the device filter. */
  deviceLabel: string | null;
}

export interface HtmlTest {
  id: string;
  name: string;
  file: string;
  outcome: TestOutcome;
  durationMs: number;
  attempts: number;
  errors: string[];
  bundles: HtmlBundle[];
  /** `@word` tokens of the name, for the tag filter. */
  tags: string[];
  /** The devices its attempts ran on (known from their bundles). */
  devices: string[];
  /** The test source around the line that failed. */
  snippet: SourceSnippet | null;
}

async function readOptional(path: string): Promise<string | undefined> {
  return readFile(path, 'utf8').catch(() => undefined);
}

interface TimelineFileEntry {
  commandId?: string | null;
  startedAtMs: number;
  finishedAtMs?: number | null;
  payload?: { actions?: { type?: string; id?: string }[] };
  envelope?: unknown;
  error?: unknown;
  stepId?: number | null;
}

function executionOf(entry: TimelineFileEntry): HtmlExecution {
  const actions = entry.payload?.actions ?? [];
  return {
    commandId: entry.commandId ?? null,
    startedAt: new Date(entry.startedAtMs).toISOString(),
    durationMs: entry.finishedAtMs != null ? entry.finishedAtMs - entry.startedAtMs : null,
    summary: actions.map((a) => a.type ?? '?').join(', ') || 'execution',
    payload: entry.payload ?? null,
    envelope: entry.envelope ?? null,
    error: entry.error ?? null,
    stepId: entry.stepId ?? null,
  };
}

function deviceOf(manifest: Manifest): string | null {
  const { model, serial } = manifest.device;
  if (!model && !serial) return null;
  return model && serial ? `${model} (${serial})` : (model ?? serial);
}

async function bundleData(bundle: BundleRef, reportDir: string, rootDir: string): Promise<HtmlBundle> {
  const { manifest, dir } = bundle;
  const href = (file: string) => portablePath(relative(reportDir, join(dir, file)));
  const complete = (kind: string) =>
    manifest.artifacts.find((a) => a.kind === kind && a.status === 'complete');
  const shot = complete('screenshot');
  const xml = complete('hierarchy') ? await readOptional(join(dir, BUNDLE_FILES.hierarchy)) : undefined;
  const timelineText = complete('timeline')
    ? await readOptional(join(dir, BUNDLE_FILES.timeline))
    : undefined;
  const executions: TimelineFileEntry[] = timelineText ? (JSON.parse(timelineText).executions ?? []) : [];
  const logcatText = complete('logcat') ? await readOptional(join(dir, BUNDLE_FILES.logcat)) : undefined;
  const failureText = complete('failure') ? await readOptional(join(dir, BUNDLE_FILES.failure)) : undefined;
  const failure = failureText ? FailureReportSchema.safeParse(JSON.parse(failureText)) : undefined;
  const timeline = executions.map(executionOf);
  const traceFile = complete('trace') ? await readTraceFile(dir, BUNDLE_FILES.trace) : undefined;
  return {
    attempt: manifest.context.attempt,
    device: bundleDevice(manifest),
    status: manifest.status,
    dir: portablePath(relative(reportDir, dir)) || '.',
    files: [
      ...manifest.artifacts.flatMap((a) =>
        a.path ? [{ name: a.path, href: href(a.path), bytes: a.bytes }] : [],
      ),
      { name: BUNDLE_FILES.manifest, href: href(BUNDLE_FILES.manifest), bytes: null },
    ],
    screenshot: shot?.path ? href(shot.path) : null,
    annotated: complete('annotated_screenshot') ? href(BUNDLE_FILES.annotated) : null,
    diff: complete('screenshot_diff')?.path ? href(complete('screenshot_diff')!.path!) : null,
    image: shot?.image ? { width: shot.image.captureWidthPx, height: shot.image.captureHeightPx } : null,
    videos: manifest.artifacts.flatMap((a) =>
      a.kind === 'video' && a.path && a.status === 'complete'
        ? [
            {
              href: href(a.path),
              mimeType: a.mimeType,
              width: a.video?.width ?? null,
              height: a.video?.height ?? null,
            },
          ]
        : [],
    ),
    nodes: inspectorNodesOfXml(xml),
    timeline,
    logcat: logcatText === undefined ? null : logcatPreview(logcatText, LOGCAT_PREVIEW_LINES),
    failure: failure?.success ? failure.data : null,
    errors: manifest.errors,
    trace: traceFile ? await buildTrace(traceFile, { dir, reportDir, rootDir, executions: timeline }) : null,
    deviceLabel: deviceOf(manifest),
  };
}

function failedStepOf(steps: readonly HtmlStep[]): HtmlStep | undefined {
  for (const step of steps) {
    const inner = failedStepOf(step.children);
    if (inner) return inner;
    if (step.outcome === 'failed' && step.line !== null) return step;
  }
  return undefined;
}

/** The failing line: the failed step's call site in the last traced attempt, else the error's stack. */
async function snippetOf(test: TestRecord, bundles: readonly HtmlBundle[], rootDir: string) {
  if (test.outcome === 'passed' || test.outcome === 'skipped') return null;
  const traced = [...bundles].reverse().find((b) => b.trace);
  const step = traced?.trace && failedStepOf(traced.trace.steps);
  if (step?.file && step.line !== null) return readSnippet(rootDir, step.file, step.line);
  const line = lineInStack(test.errors, test.file);
  return line === null ? null : readSnippet(rootDir, test.file, line);
}

export async function buildHtmlTests(model: RunModel, reportDir: string): Promise<HtmlTest[]> {
  return Promise.all(
    model.tests.map(async (test, i) => {
      const bundles = await Promise.all(test.bundles.map((b) => bundleData(b, reportDir, model.rootDir)));
      return {
        id: `t${i}`,
        name: test.name,
        file: portablePath(relative(model.rootDir, test.file)),
        outcome: test.outcome,
        durationMs: test.durationMs,
        attempts: test.attempts,
        errors: test.errors.map(cleanText),
        bundles,
        tags: [...new Set(test.name.match(/(?<=^|\s)@[\w-]+/g) ?? [])],
        devices: [...new Set(bundles.flatMap((b) => (b.deviceLabel ? [b.deviceLabel] : [])))],
        snippet: await snippetOf(test, bundles, model.rootDir),
      };
    }),
  );
}
