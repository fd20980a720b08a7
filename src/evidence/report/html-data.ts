/**
 * The data the HTML report embeds: per test, its bundles read from disk
 * (flattened hierarchy, timeline, logcat excerpt, failure), with every link
 * relative to the report directory so the page works from file://.
 */
import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { parseHierarchyXml } from '../../contract/selector/hierarchy-xml.js';
import { nodeLabel } from '../../contract/selector/label.js';
import type { Bounds, UiHierarchy } from '../../contract/selector/node.js';
import { buildTreeIndex } from '../../contract/selector/tree-index.js';
import { type FailureReport, FailureReportSchema } from '../failure.js';
import { BUNDLE_FILES, type EvidenceError } from '../manifest.js';
import { cleanText, portablePath } from '../markup.js';
import { bundleDevice } from './bundle-index.js';
import type { BundleRef, RunModel, TestOutcome } from './run-model.js';

/** Logcat lines shown inline; the whole file stays linked. */
export const LOGCAT_PREVIEW_LINES = 400;

export interface HtmlNode {
  path: string;
  depth: number;
  label: string;
  className: string | null;
  resourceId: string | null;
  bounds: Bounds | null;
  enabled: boolean | null;
}

export interface HtmlExecution {
  commandId: string | null;
  startedAt: string;
  durationMs: number | null;
  summary: string;
  payload: unknown;
  envelope: unknown;
  error: unknown;
}

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
  logcat: { text: string; totalLines: number } | null;
  failure: FailureReport | null;
  errors: EvidenceError[];
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
}

function flatten(hierarchy: UiHierarchy): HtmlNode[] {
  return buildTreeIndex(hierarchy).entries.map(({ node, path }) => ({
    path,
    depth: path.split('.').length - 1,
    label: nodeLabel(node),
    className: node.className ?? null,
    resourceId: node.resourceId ?? null,
    bounds: node.bounds ?? null,
    enabled: node.enabled ?? null,
  }));
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
  };
}

async function bundleData(bundle: BundleRef, reportDir: string): Promise<HtmlBundle> {
  const { manifest, dir } = bundle;
  const href = (file: string) => portablePath(relative(reportDir, join(dir, file)));
  const complete = (kind: string) =>
    manifest.artifacts.find((a) => a.kind === kind && a.status === 'complete');
  const shot = complete('screenshot');
  const xml = complete('hierarchy') ? await readOptional(join(dir, BUNDLE_FILES.hierarchy)) : undefined;
  let nodes: HtmlNode[] = [];
  try {
    nodes = xml ? flatten(parseHierarchyXml(xml)) : [];
  } catch {
    nodes = [];
  }
  const timelineText = complete('timeline')
    ? await readOptional(join(dir, BUNDLE_FILES.timeline))
    : undefined;
  const executions: TimelineFileEntry[] = timelineText ? (JSON.parse(timelineText).executions ?? []) : [];
  const logcatText = complete('logcat') ? await readOptional(join(dir, BUNDLE_FILES.logcat)) : undefined;
  const logLines = logcatText?.split('\n') ?? [];
  const failureText = complete('failure') ? await readOptional(join(dir, BUNDLE_FILES.failure)) : undefined;
  const failure = failureText ? FailureReportSchema.safeParse(JSON.parse(failureText)) : undefined;
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
    nodes,
    timeline: executions.map(executionOf),
    logcat: logcatText
      ? { text: logLines.slice(0, LOGCAT_PREVIEW_LINES).join('\n'), totalLines: logLines.length }
      : null,
    failure: failure?.success ? failure.data : null,
    errors: manifest.errors,
  };
}

export async function buildHtmlTests(model: RunModel, reportDir: string): Promise<HtmlTest[]> {
  return Promise.all(
    model.tests.map(async (test, i) => ({
      id: `t${i}`,
      name: test.name,
      file: portablePath(relative(model.rootDir, test.file)),
      outcome: test.outcome,
      durationMs: test.durationMs,
      attempts: test.attempts,
      errors: test.errors.map(cleanText),
      bundles: await Promise.all(test.bundles.map((b) => bundleData(b, reportDir))),
    })),
  );
}
