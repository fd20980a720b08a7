/**
 * The evidence bundle manifest (seed 003 "Evidence Bundles": schema version 1),
 * extended with the artifacts droidproof adds for tests: the action timeline,
 * the logcat excerpt, the annotated screenshot and the matcher failure.
 *
 * The writer (`capture.ts`), the verifier (`verify.ts`) and the reporters all
 * read and write bundles through these schemas.
 */
import { z } from 'zod';

/** Overall or per-artifact outcome (seed: complete, partial, failed). */
export const CaptureStatusSchema = z.enum(['complete', 'partial', 'failed']);
export type CaptureStatus = z.infer<typeof CaptureStatusSchema>;

/** One capture error: `{code, stage, message, component}` with a nullable component. */
export const EvidenceErrorSchema = z.object({
  code: z.string(),
  stage: z.string(),
  message: z.string(),
  component: z.string().nullable(),
});
export type EvidenceError = z.infer<typeof EvidenceErrorSchema>;

/** The artifact kinds of a bundle; the first three are the seed's still-capture kinds. */
export const ArtifactKindSchema = z.enum([
  'screenshot',
  'hierarchy',
  'capture_envelopes',
  'timeline',
  'logcat',
  'annotated_screenshot',
  'failure',
  /** A screenshot comparison's baseline, the screen it compared, and the difference. */
  'screenshot_expected',
  'screenshot_actual',
  'screenshot_diff',
  /** A screen recording of the test attempt; several clips are read in manifest order (seed 003 "Managed video"). */
  'video',
  /** The attempt's steps (`trace.json`), and the screens and hierarchies it names under `trace/`. */
  'trace',
  'trace_screen',
  'trace_hierarchy',
]);
export type ArtifactKind = z.infer<typeof ArtifactKindSchema>;

/** Verified geometry of a complete screenshot, read from the saved PNG. */
export const ImageGeometrySchema = z.object({
  captureWidthPx: z.number().int().positive(),
  captureHeightPx: z.number().int().positive(),
  coordinateSpace: z.literal('screenshot_pixels'),
  origin: z.literal('top_left'),
});

/** What the host verified of a video clip (its container decides how far: see `video/container.ts`). */
export const VideoInfoSchema = z.object({
  container: z.enum(['mp4', 'apng']),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /** Decoded frames; null when the host does not decode the codec (H.264 MP4). */
  frames: z.number().int().positive().nullable(),
  durationMs: z.number().nonnegative().nullable(),
});
export type VideoInfo = z.infer<typeof VideoInfoSchema>;

export const ArtifactEntrySchema = z.object({
  kind: ArtifactKindSchema,
  /** Bundle-relative path; null when no usable file was written. */
  path: z.string().nullable(),
  mimeType: z.string(),
  status: CaptureStatusSchema,
  bytes: z.number().int().nonnegative().nullable(),
  sha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .nullable(),
  startedAt: z.iso.datetime(),
  finishedAt: z.iso.datetime(),
  durationMs: z.number().nonnegative(),
  commandId: z.string().nullable().optional(),
  taskId: z.string().nullable().optional(),
  image: ImageGeometrySchema.optional(),
  video: VideoInfoSchema.optional(),
  error: EvidenceErrorSchema.optional(),
});
export type ArtifactEntry = z.infer<typeof ArtifactEntrySchema>;

export const DeviceTypeSchema = z.enum(['emulator', 'physical', 'unknown']);

/** Device metadata; unavailable fields are null (and make the bundle partial). */
export const DeviceMetadataSchema = z.object({
  serial: z.string().nullable(),
  operatorPackage: z.string().nullable(),
  cliVersion: z.string().nullable(),
  operatorVersion: z.string().nullable(),
  apiLevel: z.number().int().nullable(),
  androidVersion: z.string().nullable(),
  manufacturer: z.string().nullable(),
  model: z.string().nullable(),
  deviceType: DeviceTypeSchema,
  deviceTypeProperties: z.record(z.string(), z.string().nullable()).nullable(),
  display: z.object({
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    density: z.number().int().nullable(),
    rotation: z.number().int().nullable(),
  }),
});
export type DeviceMetadata = z.infer<typeof DeviceMetadataSchema>;

/**
 * The test context droidproof stores in the seed's opaque `context`. The
 * reporters join bundles to test results on `testPath`, `testName` and `attempt`.
 */
export const EvidenceContextSchema = z.looseObject({
  testName: z.string(),
  testPath: z.string().optional(),
  /** 1-based attempt number (retries get 2, 3, ...). */
  attempt: z.number().int().positive(),
  /** The test's verdict as the runner saw it; capture status never replaces it. */
  originalVerdict: z.enum(['passed', 'failed']),
  /** The error message that failed the test, when it failed. */
  failureMessage: z.string().optional(),
  /** Start of the test attempt (ms since epoch): the timeline and logcat window. */
  testStartedAtMs: z.number().optional(),
});
export type EvidenceContext = z.infer<typeof EvidenceContextSchema>;

/** A test attempt's bundle manifest: the reporters join it to its test through `context`. */
export const ManifestSchema = z.object({
  schemaVersion: z.literal(1),
  evidenceId: z.uuid(),
  label: z.string().max(2048).nullable(),
  context: EvidenceContextSchema,
  device: DeviceMetadataSchema,
  startedAt: z.iso.datetime(),
  finishedAt: z.iso.datetime(),
  status: CaptureStatusSchema,
  artifacts: z.array(ArtifactEntrySchema),
  errors: z.array(EvidenceErrorSchema),
});
export type Manifest = z.infer<typeof ManifestSchema>;

/** Any bundle's manifest: the seed's opaque `context` (`droidproof evidence capture`), not only a test's. */
export const BundleManifestSchema = ManifestSchema.extend({ context: z.record(z.string(), z.unknown()) });
export type BundleManifest = z.infer<typeof BundleManifestSchema>;

/** The bundle's fixed file names. */
export const BUNDLE_FILES = {
  manifest: 'manifest.json',
  screenshot: 'screenshot.png',
  screenshotPartial: 'screenshot.partial.png',
  hierarchy: 'hierarchy.xml',
  hierarchyPartial: 'hierarchy.partial.xml',
  captures: 'captures.json',
  timeline: 'timeline.json',
  logcat: 'logcat.txt',
  annotated: 'annotated.png',
  failure: 'failure.json',
  trace: 'trace.json',
} as const;
