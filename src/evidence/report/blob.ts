/**
 * A shard's blob: its run model as one JSON file, `droidproof-blob.json`, at
 * the root of the shard's report folder, with every path in it relative (test
 * files to the run's root, bundles to the folder), so the folder can be
 * uploaded from one CI machine and merged on another. Bundles already in the
 * folder (the default `bundles/`) are referenced where they are; bundles
 * written elsewhere are copied into `blob-bundles/` so the folder is complete.
 * `readBlob` validates everything it reads and fails with a typed error.
 */
import { cp, readFile } from 'node:fs/promises';
import { basename, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { z } from 'zod';
import { DroidproofError } from '../../contract/errors.js';
import { droidproofVersion } from '../../version.js';
import { writeFileAtomic } from '../atomic-file.js';
import { ManifestSchema } from '../manifest.js';
import { portablePath } from '../markup.js';
import { readBundle } from './bundle-index.js';
import type { BundleRef, RunIncident, RunModel, ShardRef, TestRecord } from './run-model.js';

export const BLOB_FILE = 'droidproof-blob.json';
/** Raised when the blob's shape changes; a reader refuses other versions with REPORT_BLOB_VERSION. */
export const BLOB_SCHEMA_VERSION = 1;
const BLOB_KIND = 'droidproof-blob';
/** Where bundles written outside the report folder are copied. */
const COPIED_BUNDLES = 'blob-bundles';

export const BlobErrorCode = {
  REPORT_BLOB_MISSING: 'REPORT_BLOB_MISSING',
  REPORT_BLOB_CORRUPT: 'REPORT_BLOB_CORRUPT',
  REPORT_BLOB_FOREIGN: 'REPORT_BLOB_FOREIGN',
  REPORT_BLOB_VERSION: 'REPORT_BLOB_VERSION',
  /** The folders do not form one run: mixed runners or shard totals, a shard twice, an overlapping output. */
  REPORT_MERGE_CONFLICT: 'REPORT_MERGE_CONFLICT',
} as const;
export type BlobErrorCode = (typeof BlobErrorCode)[keyof typeof BlobErrorCode];

export class BlobError extends DroidproofError {
  declare readonly code: BlobErrorCode;
  constructor(code: BlobErrorCode, message: string, details: Record<string, unknown> = {}) {
    super(code, message, details);
  }
}

/** A relative path that stays inside its base (portable separators, no `..`). */
const InsidePathSchema = z
  .string()
  .min(1)
  .refine((path) => !isAbsolute(path) && !path.split('/').includes('..'), 'must be a relative path inside');

const ShardSchema: z.ZodType<ShardRef> = z
  .object({ index: z.number().int().min(1), total: z.number().int().min(1) })
  .refine((shard) => shard.index <= shard.total, 'shard index must not exceed the total');

const BlobBundleSchema = z.object({ dir: InsidePathSchema, manifest: ManifestSchema });

/** A test record with relative paths; fields added to the run model later pass through unchanged. */
const BlobTestSchema = z.looseObject({
  /** Test file relative to the run's root. */
  file: InsidePathSchema,
  name: z.string(),
  outcome: z.enum(['passed', 'failed', 'flaky', 'skipped']),
  durationMs: z.number().nonnegative(),
  attempts: z.number().int().min(1),
  errors: z.array(z.string()),
  bundles: z.array(BlobBundleSchema),
});

const IncidentSchema: z.ZodType<RunIncident> = z.object({
  kind: z.enum(['worker-died', 'device-reconnected', 'device-quarantined', 'shard-missing']),
  message: z.string(),
  test: z.string().optional(),
  code: z.string().optional(),
  device: z.string().optional(),
});

export const BlobSchema = z.object({
  kind: z.literal(BLOB_KIND),
  schemaVersion: z.literal(BLOB_SCHEMA_VERSION),
  droidproofVersion: z.string(),
  runner: z.enum(['vitest', 'jest']),
  /** Absent for a run that was not sharded. */
  shard: ShardSchema.optional(),
  startedAt: z.iso.datetime(),
  durationMs: z.number().nonnegative(),
  tests: z.array(BlobTestSchema),
  incidents: z.array(IncidentSchema),
});
export type Blob = z.infer<typeof BlobSchema>;

/** A blob read back: its run model with absolute paths on this machine, and its shard. */
export interface ReadBlob {
  dir: string;
  blob: Blob;
  /** Tests with `file` resolved against `rootDir` and bundle dirs against the blob's folder. */
  tests(rootDir: string): TestRecord[];
}

function isInside(dir: string, path: string): boolean {
  const rel = relative(dir, path);
  return rel !== '' && !rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel);
}

/** Writes `<dir>/droidproof-blob.json` for a run model whose report is (being) written to `dir`. */
export async function writeBlob(model: RunModel, dir: string): Promise<string> {
  let copied = 0;
  const bundleOf = async (bundle: BundleRef) => {
    let bundleDir = resolve(bundle.dir);
    if (!isInside(dir, bundleDir)) {
      const target = join(dir, COPIED_BUNDLES, `${++copied}-${basename(bundleDir)}`);
      await cp(bundleDir, target, { recursive: true });
      bundleDir = target;
    }
    return { dir: portablePath(relative(dir, bundleDir)), manifest: bundle.manifest };
  };
  const tests = [];
  for (const test of model.tests) {
    const bundles = [];
    for (const bundle of test.bundles) bundles.push(await bundleOf(bundle));
    tests.push({ ...test, file: portablePath(relative(model.rootDir, test.file)), bundles });
  }
  const blob: Blob = {
    kind: BLOB_KIND,
    schemaVersion: BLOB_SCHEMA_VERSION,
    droidproofVersion: droidproofVersion(),
    runner: model.runner,
    shard: model.shards?.[0],
    startedAt: model.startedAt,
    durationMs: model.durationMs,
    tests,
    incidents: model.incidents ?? [],
  };
  const path = join(dir, BLOB_FILE);
  await writeFileAtomic(path, `${JSON.stringify(blob)}\n`);
  return path;
}

/** Reads and validates the blob in a shard's report folder, and checks that every bundle it names is there. */
export async function readBlob(folder: string): Promise<ReadBlob> {
  const dir = resolve(folder);
  const path = join(dir, BLOB_FILE);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new BlobError(
      BlobErrorCode.REPORT_BLOB_MISSING,
      `${folder} holds no ${BLOB_FILE}: pass the report folder of a sharded run (\`--shard\`), or set the reporter's \`blob: true\``,
      { dir, cause: (error as NodeJS.ErrnoException).code },
    );
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new BlobError(
      BlobErrorCode.REPORT_BLOB_CORRUPT,
      `${path} is not JSON: ${(error as Error).message}`,
      {
        path,
      },
    );
  }
  const head = z.object({ kind: z.literal(BLOB_KIND), schemaVersion: z.unknown() }).safeParse(raw);
  if (!head.success) {
    throw new BlobError(BlobErrorCode.REPORT_BLOB_FOREIGN, `${path} is not a droidproof blob`, { path });
  }
  if (head.data.schemaVersion !== BLOB_SCHEMA_VERSION) {
    throw new BlobError(
      BlobErrorCode.REPORT_BLOB_VERSION,
      `${path} has blob schema version ${JSON.stringify(head.data.schemaVersion)}; this droidproof reads version ${BLOB_SCHEMA_VERSION}: merge with the droidproof version that wrote it`,
      { path, schemaVersion: head.data.schemaVersion, supported: BLOB_SCHEMA_VERSION },
    );
  }
  const parsed = BlobSchema.safeParse(raw);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
    throw new BlobError(
      BlobErrorCode.REPORT_BLOB_CORRUPT,
      `${path} is damaged: ${issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`,
      { path, issues },
    );
  }
  const blob = parsed.data;
  for (const test of blob.tests) {
    for (const bundle of test.bundles) {
      if (!(await readBundle(join(dir, bundle.dir)))) {
        throw new BlobError(
          BlobErrorCode.REPORT_BLOB_CORRUPT,
          `${path} names bundle ${bundle.dir} of "${test.name}", which is missing or unreadable in ${folder}`,
          { path, bundle: bundle.dir, test: test.name },
        );
      }
    }
  }
  return {
    dir,
    blob,
    tests: (rootDir) =>
      blob.tests.map((test) => ({
        ...test,
        file: resolve(rootDir, test.file),
        bundles: test.bundles.map((b) => ({ dir: join(dir, b.dir), manifest: b.manifest })),
      })),
  };
}
