/** Writes the report folder: `index.html`, `junit.xml` and, for a shard, its blob; each atomically. */
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { writeFileAtomic } from '../atomic-file.js';
import { evidenceDirFromEnv } from '../bundle-dir.js';
import { writeBlob } from './blob.js';
import { renderHtml } from './html.js';
import { buildHtmlTests } from './html-data.js';
import { renderJunit } from './junit.js';
import type { RunModel } from './run-model.js';

export interface ReportOptions {
  /** Report folder, default `droidproof-report` under the run's root. */
  outputDir?: string;
  /** Bundles root to scan, default `<outputDir>/bundles` (`DROIDPROOF_EVIDENCE_DIR` or `ANDROPERATOR_EVIDENCE_DIR` win). */
  bundlesDir?: string;
  /** Write `index.html` (default true). */
  html?: boolean;
  /** JUnit file name inside `outputDir`, or false for none (default `junit.xml`). */
  junit?: string | false;
  /**
   * Write `droidproof-blob.json`, the input of `droidproof merge-reports`. The reporters default it to
   * true when the run is sharded (`--shard`).
   */
  blob?: boolean;
}

export interface WrittenReport {
  outputDir: string;
  htmlPath: string | null;
  junitPath: string | null;
  blobPath: string | null;
}

export function resolveReportDirs(
  rootDir: string,
  options: ReportOptions,
): { outputDir: string; bundlesDir: string } {
  const outputDir = resolve(rootDir, options.outputDir ?? 'droidproof-report');
  const fromEnv = evidenceDirFromEnv();
  const bundlesDir = options.bundlesDir
    ? resolve(rootDir, options.bundlesDir)
    : fromEnv
      ? resolve(rootDir, fromEnv)
      : join(outputDir, 'bundles');
  return { outputDir, bundlesDir };
}

export async function writeReport(
  model: RunModel,
  outputDir: string,
  options: ReportOptions = {},
): Promise<WrittenReport> {
  await mkdir(outputDir, { recursive: true });
  let htmlPath: string | null = null;
  let junitPath: string | null = null;
  let blobPath: string | null = null;
  if (options.html !== false) {
    htmlPath = join(outputDir, 'index.html');
    await writeFileAtomic(htmlPath, renderHtml(model, await buildHtmlTests(model, outputDir)));
  }
  if (options.junit !== false) {
    junitPath = join(outputDir, options.junit ?? 'junit.xml');
    await writeFileAtomic(junitPath, renderJunit(model, outputDir));
  }
  if (options.blob) blobPath = await writeBlob(model, outputDir);
  return { outputDir, htmlPath, junitPath, blobPath };
}
