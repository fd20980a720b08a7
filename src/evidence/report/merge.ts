/**
 * `droidproof merge-reports`: the blobs of a sharded run's report folders
 * become one run model (every test with its attempts, errors and bundles, and
 * the shard that ran it), rendered by the same `writeReport` as a single run.
 * Bundles are copied into `<outputDir>/bundles/<shard>/` so the merged
 * report's links work wherever the folder goes.
 */
import { cp, rm } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { BlobError, BlobErrorCode, type ReadBlob, readBlob } from './blob.js';
import type { RunIncident, RunModel, ShardRef, TestRecord } from './run-model.js';
import { type WrittenReport, writeReport } from './write-report.js';

export interface MergeOptions {
  /** Where the merged report goes. */
  outputDir: string;
  /** Root the test files are resolved against and shown relative to; default the working directory. */
  rootDir?: string;
  html?: boolean;
  junit?: string | false;
}

export interface MergedReport {
  report: WrittenReport;
  model: RunModel;
  /** Shard indexes of the run that no folder held (their tests are absent from the report). */
  missingShards: number[];
}

function conflict(message: string, details: Record<string, unknown>): BlobError {
  return new BlobError(BlobErrorCode.REPORT_MERGE_CONFLICT, message, details);
}

function within(parent: string, path: string): boolean {
  const rel = relative(parent, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/** The shards the folders claim must belong to one run: one runner, one total, each index once. */
function checkShards(blobs: readonly ReadBlob[]): { total: number | undefined; missing: number[] } {
  const runners = [...new Set(blobs.map((b) => b.blob.runner))];
  if (runners.length > 1) {
    throw conflict(`the folders hold runs of different runners (${runners.join(', ')})`, { runners });
  }
  const sharded = blobs.filter((b) => b.blob.shard);
  if (sharded.length === 0) return { total: undefined, missing: [] };
  if (sharded.length !== blobs.length) {
    const whole = blobs.filter((b) => !b.blob.shard).map((b) => b.dir);
    throw conflict(`a sharded run cannot be merged with unsharded runs (${whole.join(', ')})`, { whole });
  }
  const totals = [...new Set(sharded.map((b) => b.blob.shard!.total))];
  if (totals.length > 1) {
    throw conflict(`the shards come from runs split ${totals.join(' and ')} ways`, { totals });
  }
  const seen = new Map<number, string>();
  for (const { dir, blob } of sharded) {
    const other = seen.get(blob.shard!.index);
    if (other) {
      throw conflict(`shard ${blob.shard!.index}/${totals[0]} is in both ${other} and ${dir}`, {
        shard: blob.shard,
        dirs: [other, dir],
      });
    }
    seen.set(blob.shard!.index, dir);
  }
  const total = totals[0]!;
  const missing = Array.from({ length: total }, (_, i) => i + 1).filter((index) => !seen.has(index));
  return { total, missing };
}

export async function mergeReports(dirs: readonly string[], options: MergeOptions): Promise<MergedReport> {
  if (dirs.length === 0) throw conflict('no report folders to merge', {});
  const rootDir = resolve(options.rootDir ?? process.cwd());
  const outputDir = resolve(rootDir, options.outputDir);
  const bundlesDir = join(outputDir, 'bundles');
  const blobs: ReadBlob[] = [];
  for (const dir of dirs) blobs.push(await readBlob(resolve(rootDir, dir)));
  for (const { dir } of blobs) {
    // Merging replaces <outputDir>/bundles: it must not hold (or be) an input.
    if (within(dir, outputDir) || within(bundlesDir, dir)) {
      throw conflict(`the output folder ${outputDir} overlaps the input ${dir}`, { outputDir, input: dir });
    }
  }
  const { total, missing } = checkShards(blobs);
  const ordered = [...blobs].sort((a, b) => (a.blob.shard?.index ?? 0) - (b.blob.shard?.index ?? 0));

  await rm(bundlesDir, { recursive: true, force: true });
  const tests: TestRecord[] = [];
  const incidents: RunIncident[] = [];
  const shards: ShardRef[] = [];
  for (const [position, read] of ordered.entries()) {
    const { shard } = read.blob;
    const label = shard ? `shard-${shard.index}` : `run-${position + 1}`;
    for (const test of read.tests(rootDir)) {
      const bundles = [];
      for (const bundle of test.bundles) {
        const target = join(bundlesDir, label, relative(read.dir, bundle.dir));
        await cp(bundle.dir, target, { recursive: true });
        bundles.push({ dir: target, manifest: bundle.manifest });
      }
      tests.push({ ...test, bundles, ...(shard ? { shard } : {}) });
    }
    incidents.push(...read.blob.incidents);
    if (shard) shards.push(shard);
  }
  for (const index of missing) {
    incidents.push({
      kind: 'shard-missing',
      message: `shard ${index}/${total} is missing from the merged report: its tests are not in it`,
    });
  }
  const starts = ordered.map((b) => Date.parse(b.blob.startedAt));
  const ends = ordered.map((b, i) => starts[i]! + b.blob.durationMs);
  const startedAtMs = Math.min(...starts);
  const model: RunModel = {
    runner: ordered[0]!.blob.runner,
    rootDir,
    startedAt: new Date(startedAtMs).toISOString(),
    durationMs: Math.max(...ends) - startedAtMs,
    tests,
    incidents,
    ...(shards.length > 0 ? { shards } : {}),
  };
  const report = await writeReport(model, outputDir, { html: options.html, junit: options.junit });
  return { report, model, missingShards: missing };
}
