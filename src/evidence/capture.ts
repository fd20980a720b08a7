/**
 * Captures one evidence bundle into a new directory. Never throws and never
 * changes the test's verdict: every capture that fails is recorded in the
 * manifest (`partial` / `failed`) with its error, and the manifest is written
 * last, atomically.
 */
import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { DroidproofError } from '../contract/errors.js';
import { droidproofVersion } from '../version.js';
import { annotateScreenshot } from './annotate.js';
import { writeFileAtomic } from './atomic-file.js';
import { allocateBundleDir, defaultEvidenceRoot } from './bundle-dir.js';
import { BundleWriter, errorOf, iso } from './bundle-writer.js';
import { messageOf } from './error-message.js';
import type { FailureImage, FailureReport } from './failure.js';
import { checkHierarchyXml } from './hierarchy-check.js';
import { orderLogcat } from './logcat.js';
import {
  type ArtifactEntry,
  type ArtifactKind,
  BUNDLE_FILES,
  type BundleManifest,
  type CaptureStatus,
  type DeviceMetadata,
  type EvidenceContext,
  type EvidenceError,
} from './manifest.js';
import { decodePng, type PngGeometry } from './png.js';
import type { EvidenceSource, HierarchyCapture } from './source.js';
import type { TraceCapture, TraceMode } from './trace.js';
import { writeTrace } from './trace-writer.js';

interface CommonCaptureOptions {
  source: EvidenceSource;
  label?: string | null;
  /** The matcher failure, written as `failure.json` and drawn on `annotated.png`. */
  failure?: FailureReport;
  /** The app under test: its logcat lines come first. */
  applicationId?: string;
  /** Write the attempt's trace (`trace.json` and its screens) in this mode; absent or `off`: none. */
  traceMode?: TraceMode;
  /** Budget for device work in ms (seed default 30000); file writes may finish after it. */
  timeoutMs?: number;
}

/** A test attempt's bundle, in a new `<root>/<slug>/attempt-<n>` directory; or a bundle in a given new directory with an opaque context (`droidproof evidence capture`). */
export type CaptureEvidenceOptions = CommonCaptureOptions &
  (
    | {
        context: EvidenceContext;
        /** Bundles root. Default `defaultEvidenceRoot()`. */
        root?: string;
        outputDir?: undefined;
      }
    | {
        context: Record<string, unknown>;
        /** The bundle directory itself: created here, its parent must exist, an existing one is EVIDENCE_OUTPUT_EXISTS. */
        outputDir: string;
      }
  );

/** Creates the bundle directory the options ask for. */
async function bundleDirFor(options: CaptureEvidenceOptions): Promise<string> {
  if (options.outputDir === undefined)
    return allocateBundleDir(options.root ?? defaultEvidenceRoot(), options.context);
  try {
    await mkdir(options.outputDir);
    return options.outputDir;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    throw new DroidproofError(
      'EVIDENCE_OUTPUT_EXISTS',
      `${options.outputDir} already exists; choose a new directory`,
      {
        path: options.outputDir,
      },
    );
  }
}

export interface CaptureResult {
  /** True only for a complete bundle (seed: partial and failed are `ok: false`). */
  ok: boolean;
  status: CaptureStatus;
  evidenceId: string;
  /** The bundle directory, null when none could be created. */
  dir: string | null;
  /** Null when the manifest could not be written. */
  manifestPath: string | null;
  artifacts: ArtifactEntry[];
  errors: EvidenceError[];
}

const METADATA_FIELDS = [
  'serial',
  'operatorPackage',
  'operatorVersion',
  'apiLevel',
  'androidVersion',
  'manufacturer',
  'model',
] as const;

/** Rejects with COMMAND_TIMEOUT when the device-work budget runs out first. */
async function withinBudget<T>(work: () => Promise<T>, deadlineMs: number, what: string): Promise<T> {
  const remaining = deadlineMs - Date.now();
  if (remaining <= 0)
    throw new DroidproofError('COMMAND_TIMEOUT', `${what} not attempted: evidence budget spent`);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new DroidproofError('COMMAND_TIMEOUT', `${what} exceeded the evidence budget`)),
      remaining,
    );
  });
  try {
    return await Promise.race([work(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

interface Screenshot {
  bytes: Uint8Array;
  geometry: PngGeometry;
}

async function captureScreenshot(w: BundleWriter, source: EvidenceSource, deadline: number) {
  const started = Date.now();
  let bytes: Uint8Array;
  try {
    bytes = await withinBudget(() => source.screenshot(), deadline, 'screenshot');
  } catch (error) {
    w.fail('screenshot', 'image/png', started, errorOf(error, 'capture', 'screenshot'));
    return { receipt: { ok: false, error: messageOf(error) }, started, shot: undefined };
  }
  const receipt = { ok: true, bytes: bytes.byteLength };
  try {
    const geometry = await decodePng(bytes);
    const image = {
      captureWidthPx: geometry.width,
      captureHeightPx: geometry.height,
      coordinateSpace: 'screenshot_pixels' as const,
      origin: 'top_left' as const,
    };
    const saved = await w.write('screenshot', BUNDLE_FILES.screenshot, 'image/png', bytes, started, {
      image,
    });
    return { receipt, started, shot: saved ? ({ bytes, geometry } satisfies Screenshot) : undefined };
  } catch (error) {
    const invalid = errorOf(error, 'validate', 'screenshot');
    if (bytes.byteLength === 0) w.fail('screenshot', 'image/png', started, invalid);
    else
      await w.write('screenshot', BUNDLE_FILES.screenshotPartial, 'image/png', bytes, started, {
        status: 'partial',
        error: invalid,
      });
    return { receipt, started, shot: undefined };
  }
}

async function captureHierarchy(w: BundleWriter, source: EvidenceSource, deadline: number) {
  const started = Date.now();
  let capture: HierarchyCapture;
  try {
    capture = await withinBudget(() => source.hierarchy(), deadline, 'hierarchy');
  } catch (error) {
    w.fail('hierarchy', 'application/xml', started, errorOf(error, 'capture', 'hierarchy'));
    return { started, capture: undefined, error: errorOf(error, 'capture', 'hierarchy') };
  }
  const ids = { commandId: capture.commandId ?? null, taskId: capture.taskId ?? null };
  try {
    checkHierarchyXml(capture.xml);
    await w.write('hierarchy', BUNDLE_FILES.hierarchy, 'application/xml', capture.xml, started, ids);
  } catch (error) {
    await w.write('hierarchy', BUNDLE_FILES.hierarchyPartial, 'application/xml', capture.xml, started, {
      ...ids,
      status: 'partial',
      error: errorOf(error, 'validate', 'hierarchy'),
    });
  }
  return { started, capture, error: undefined };
}

/** The hierarchy's `rotation` stands in for the display rotation when the source could not read it. */
function withHierarchyRotation(
  device: DeviceMetadata,
  capture: HierarchyCapture | undefined,
): DeviceMetadata {
  if (device.display.rotation !== null || !capture) return device;
  const rotation = /<hierarchy[^>]*\srotation="(\d)"/.exec(capture.xml)?.[1];
  return rotation === undefined
    ? device
    : { ...device, display: { ...device.display, rotation: Number(rotation) } };
}

/** Fills what the source could not read with null (`unknown` for the device type). */
function toDeviceMetadata(read: Partial<DeviceMetadata>): DeviceMetadata {
  return {
    serial: read.serial ?? null,
    operatorPackage: read.operatorPackage ?? null,
    cliVersion: read.cliVersion ?? droidproofVersion(),
    operatorVersion: read.operatorVersion ?? null,
    apiLevel: read.apiLevel ?? null,
    androidVersion: read.androidVersion ?? null,
    manufacturer: read.manufacturer ?? null,
    model: read.model ?? null,
    deviceType: read.deviceType ?? 'unknown',
    deviceTypeProperties: read.deviceTypeProperties ?? null,
    display: {
      width: read.display?.width ?? null,
      height: read.display?.height ?? null,
      density: read.display?.density ?? null,
      rotation: read.display?.rotation ?? null,
    },
  };
}

async function readMetadata(
  w: BundleWriter,
  source: EvidenceSource,
  deadline: number,
): Promise<DeviceMetadata> {
  let read: Partial<DeviceMetadata> = {};
  try {
    read = await withinBudget(() => source.metadata(), deadline, 'metadata');
  } catch (error) {
    w.errors.push(errorOf(error, 'metadata', 'device'));
  }
  return toDeviceMetadata(read);
}

/** Unavailable metadata is null with an error, which makes otherwise usable evidence partial. */
function recordMissingMetadata(w: BundleWriter, device: DeviceMetadata): void {
  const missing = [
    ...METADATA_FIELDS.filter((field) => device[field] === null),
    ...(['width', 'height', 'density', 'rotation'] as const)
      .filter((field) => device.display[field] === null)
      .map((field) => `display.${field}`),
    ...(device.deviceType === 'unknown' ? ['deviceType'] : []),
  ];
  if (missing.length > 0) {
    w.errors.push({
      code: 'EVIDENCE_CAPTURE_FAILED',
      stage: 'metadata',
      message: `device metadata unavailable: ${missing.join(', ')}`,
      component: 'device',
    });
  }
}

async function writeTextArtifact(
  w: BundleWriter,
  kind: ArtifactKind,
  file: string,
  mimeType: string,
  produce: () => Promise<string>,
): Promise<void> {
  const started = Date.now();
  let text: string;
  try {
    text = await produce();
  } catch (error) {
    w.fail(kind, mimeType, started, errorOf(error, 'capture', kind));
    return;
  }
  await w.write(kind, file, mimeType, text, started);
}

export function json(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

export function overallStatus(w: BundleWriter): CaptureStatus {
  const usable = w.artifacts.some(
    (a) => (a.kind === 'screenshot' || a.kind === 'hierarchy') && a.status === 'complete',
  );
  if (!usable) return 'failed';
  return w.errors.length === 0 ? 'complete' : 'partial';
}

/** Captures a bundle (see module doc). The returned result is the manifest's summary. */
export async function captureEvidence(options: CaptureEvidenceOptions): Promise<CaptureResult> {
  const evidenceId = randomUUID();
  const startedMs = Date.now();
  const deadline = startedMs + (options.timeoutMs ?? 30_000);
  const { source, context } = options;
  let dir: string;
  try {
    dir = await bundleDirFor(options);
  } catch (error) {
    const failure = errorOf(error, 'allocate', null);
    return {
      ok: false,
      status: 'failed',
      evidenceId,
      dir: null,
      manifestPath: null,
      artifacts: [],
      errors: [failure],
    };
  }
  const w = new BundleWriter(dir);
  // Reads running alongside the captures; settled before the manifest on every path.
  const pending: Promise<unknown>[] = [];
  try {
    const since = typeof context.testStartedAtMs === 'number' ? context.testStartedAtMs : startedMs;
    // The timeline is read before the captures, which may themselves be executions on the device.
    await writeTextArtifact(w, 'timeline', BUNDLE_FILES.timeline, 'application/json', async () =>
      json({ since: iso(since), executions: source.timeline ? await source.timeline(since) : [] }),
    );
    // Read before the captures too, so their own executions are no steps of the test.
    const trace = await readTrace(w, options, since, deadline);
    // Host-side reads run alongside the two sequential device captures.
    const metadata = readMetadata(w, source, deadline);
    const logcat = writeTextArtifact(w, 'logcat', BUNDLE_FILES.logcat, 'text/plain', async () => {
      if (!source.logcat) return '';
      const text = await withinBudget(() => source.logcat!(since), deadline, 'logcat');
      // Without a configured app, the foreground app at the failure is the best guess.
      const app = options.applicationId ?? options.failure?.foregroundPackage ?? undefined;
      const pids = app && source.processIds ? await source.processIds(app).catch(() => []) : [];
      return orderLogcat(text, { applicationId: app, processIds: pids });
    });
    pending.push(metadata, logcat);
    const screenshot = await captureScreenshot(w, source, deadline);
    const hierarchy = await captureHierarchy(w, source, deadline);
    const receipts = {
      screenshot: {
        source: 'adb_screencap',
        result: screenshot.receipt,
        startedAt: iso(screenshot.started),
        artifactPath: screenshot.shot ? BUNDLE_FILES.screenshot : null,
      },
      hierarchy: {
        source: 'operator_snapshot',
        commandId: hierarchy.capture?.commandId ?? null,
        taskId: hierarchy.capture?.taskId ?? null,
        result: hierarchy.capture?.result ?? null,
        error: hierarchy.error ?? null,
        startedAt: iso(hierarchy.started),
      },
    };
    await w.write('capture_envelopes', BUNDLE_FILES.captures, 'application/json', json(receipts), startedMs);
    if (options.failure) {
      const { images, ...report } = options.failure;
      const saved = await writeFailureImages(w, images ?? []);
      const failureJson = json(saved.length > 0 ? { ...report, images: saved } : report);
      await w.write('failure', BUNDLE_FILES.failure, 'application/json', failureJson, Date.now());
      if (screenshot.shot) {
        const { bytes, geometry } = screenshot.shot;
        const { candidates, findings } = options.failure;
        // The density places labels clear of the status bar; metadata is read alongside and done by now.
        const density = (await metadata).display.density;
        await writeAnnotated(w, () => annotateScreenshot(bytes, geometry, candidates, findings, density));
      }
    }
    if (trace) await writeTrace(w, trace, since);
    const device = withHierarchyRotation(await metadata, hierarchy.capture);
    recordMissingMetadata(w, device);
    await logcat;
    return await finish(w, { evidenceId, startedMs, device, options });
  } catch (error) {
    // Unreachable by design (every step records its own error); the manifest is still written.
    w.errors.push(errorOf(error, 'capture', null));
    await Promise.allSettled(pending);
    return finish(w, { evidenceId, startedMs, device: toDeviceMetadata({}), options });
  }
}

async function readTrace(
  w: BundleWriter,
  options: CaptureEvidenceOptions,
  since: number,
  deadline: number,
): Promise<TraceCapture | undefined> {
  const { traceMode, source } = options;
  if (!traceMode || traceMode === 'off' || !source.trace) return undefined;
  const started = Date.now();
  try {
    const read = await withinBudget(() => source.trace!(since), deadline, 'trace');
    return read && { ...read, mode: traceMode };
  } catch (error) {
    w.fail('trace', 'application/json', started, errorOf(error, 'capture', 'trace'));
    return undefined;
  }
}

/** The matcher's images (a comparison's expected, actual, diff); failure.json names the ones written. */
async function writeFailureImages(w: BundleWriter, images: readonly FailureImage[]): Promise<FailureImage[]> {
  const saved: FailureImage[] = [];
  for (const { role, file, png } of images) {
    if (!png || !/^[\w.-]+\.png$/.test(file)) continue;
    if (await w.write(`screenshot_${role}`, file, 'image/png', png, Date.now())) saved.push({ role, file });
  }
  return saved;
}

async function writeAnnotated(w: BundleWriter, produce: () => Promise<Uint8Array>): Promise<void> {
  const started = Date.now();
  try {
    await w.write('annotated_screenshot', BUNDLE_FILES.annotated, 'image/png', await produce(), started);
  } catch (error) {
    w.fail('annotated_screenshot', 'image/png', started, errorOf(error, 'annotate', 'annotated_screenshot'));
  }
}

async function finish(
  w: BundleWriter,
  run: { evidenceId: string; startedMs: number; device: DeviceMetadata; options: CaptureEvidenceOptions },
): Promise<CaptureResult> {
  const status = overallStatus(w);
  const manifest: BundleManifest = {
    schemaVersion: 1,
    evidenceId: run.evidenceId,
    label: run.options.label ?? null,
    context: run.options.context,
    device: run.device,
    startedAt: iso(run.startedMs),
    finishedAt: iso(Date.now()),
    status,
    artifacts: w.artifacts,
    errors: w.errors,
  };
  const manifestPath = join(w.dir, BUNDLE_FILES.manifest);
  const base = { evidenceId: run.evidenceId, dir: w.dir, artifacts: w.artifacts, errors: w.errors };
  try {
    await writeFileAtomic(manifestPath, json(manifest));
    return { ...base, ok: status === 'complete', status, manifestPath };
  } catch (error) {
    w.errors.push(errorOf(error, 'manifest', null));
    return { ...base, ok: false, status: 'failed', manifestPath: null };
  }
}
