/**
 * Shard blobs and `droidproof merge-reports` in one process: two shard
 * folders written on "another machine" (then moved) merge into one report
 * whose links all resolve; damaged, foreign, future and conflicting blobs
 * fail with their typed codes and leave no report.
 */
import { access, cp, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run.js';
import { BLOB_FILE, readBlob } from '../../src/evidence/report/blob.js';
import { mergeReports } from '../../src/evidence/report/merge.js';
import type { RunModel } from '../../src/evidence/report/run-model.js';
import { writeReport } from '../../src/evidence/report/write-report.js';
import { tempRoot } from './fixtures.js';
import { buildReportFixture, FAILED_NAME, FLAKY_NAME } from './report-fixture.js';

/** Two shard folders of one run on a machine that is gone: only the folders are left, under `dir`. */
async function shardFolders(total = 2): Promise<{ dir: string; folders: string[]; model: RunModel }> {
  const fixture = await buildReportFixture();
  const halves = [fixture.model.tests.slice(0, 2), fixture.model.tests.slice(2)];
  const folders: string[] = [];
  for (const [i, tests] of halves.entries()) {
    const folder = join(fixture.rootDir, `shard-${i + 1}`);
    await writeReport({ ...fixture.model, tests, shards: [{ index: i + 1, total }] }, folder, { blob: true });
    folders.push(folder);
  }
  // The bundles of shard 1 lived outside its folder (DROIDPROOF_EVIDENCE_DIR): the blob copied them in.
  const dir = await tempRoot('droidproof-merge-');
  const moved = folders.map((folder) => join(dir, basename(folder)));
  for (const [i, folder] of folders.entries()) await rename(folder, moved[i]!);
  await rm(fixture.rootDir, { recursive: true, force: true });
  return { dir, folders: moved, model: fixture.model };
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

async function codeOf(promise: Promise<unknown>): Promise<string | undefined> {
  return promise.then(
    () => undefined,
    (error: { code?: string }) => error.code,
  );
}

describe('merge-reports', () => {
  it('merges moved shard folders into one report whose every link resolves', async () => {
    const { dir, folders } = await shardFolders();
    const outputDir = join(dir, 'merged');
    const { model, report, missingShards } = await mergeReports(folders, { rootDir: dir, outputDir });
    expect(missingShards).toEqual([]);
    expect(model.shards).toEqual([
      { index: 1, total: 2 },
      { index: 2, total: 2 },
    ]);
    expect(model.tests.map((t) => [t.name, t.outcome, t.attempts, t.shard?.index])).toEqual([
      [FAILED_NAME, 'failed', 1, 1],
      [FLAKY_NAME, 'flaky', 2, 1],
      ['settings > lists rows', 'passed', 1, 2],
      ['settings > later', 'skipped', 1, 2],
    ]);
    expect(model.tests.every((t) => t.file === resolve(dir, 'test/settings.test.ts'))).toBe(true);
    const junit = await readFile(report.junitPath!, 'utf8');
    const attachments = [...junit.matchAll(/\[\[ATTACHMENT\|([^\]]+)\]\]/g)].map((m) => m[1]!);
    expect(attachments.length).toBeGreaterThan(4);
    for (const path of attachments) expect(await exists(join(outputDir, path)), path).toBe(true);
    expect(attachments.every((path) => path.startsWith('bundles/shard-1/'))).toBe(true);
    const html = await readFile(report.htmlPath!, 'utf8');
    const hrefs = [...html.matchAll(/"href":"([^"]+)"/g)].map((m) => m[1]!);
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) expect(await exists(join(outputDir, href)), href).toBe(true);
    // The inputs are untouched, so the merge can run again.
    await mergeReports(folders, { rootDir: dir, outputDir });
  });

  it('names a missing shard in the report and exits 1 from the CLI', async () => {
    const { dir, folders } = await shardFolders(3);
    let out = '';
    const code = await runCli(['merge-reports', ...folders, '--out-dir', 'merged'], {
      cwd: dir,
      write: (text) => {
        out += text;
      },
    });
    expect(code).toBe(1);
    expect(JSON.parse(out)).toMatchObject({
      shards: [1, 2],
      missingShards: [3],
      summary: { total: 4, failed: 1, flaky: 1 },
    });
    const junit = await readFile(join(dir, 'merged', 'junit.xml'), 'utf8');
    expect(junit).toContain('shard 3/3 is missing from the merged report');
  });

  it('refuses folders that do not form one run', async () => {
    const { dir, folders } = await shardFolders();
    const copy = join(dir, 'copy-of-1');
    await cp(folders[0]!, copy, { recursive: true });
    const outputDir = join(dir, 'merged');
    expect(await codeOf(mergeReports([folders[0]!, copy], { outputDir }))).toBe('REPORT_MERGE_CONFLICT');
    expect(await codeOf(mergeReports(folders, { outputDir: folders[0]! }))).toBe('REPORT_MERGE_CONFLICT');
    expect(await codeOf(mergeReports([], { outputDir }))).toBe('REPORT_MERGE_CONFLICT');
    const blob = JSON.parse(await readFile(join(folders[1]!, BLOB_FILE), 'utf8'));
    await writeFile(join(folders[1]!, BLOB_FILE), JSON.stringify({ ...blob, runner: 'jest' }));
    expect(await codeOf(mergeReports(folders, { outputDir }))).toBe('REPORT_MERGE_CONFLICT');
    expect(await exists(outputDir)).toBe(false);
  });

  it('fails on a missing, corrupt, foreign or future blob with its code', async () => {
    const { folders } = await shardFolders();
    const folder = folders[0]!;
    const path = join(folder, BLOB_FILE);
    const good = JSON.parse(await readFile(path, 'utf8'));
    const cases: [unknown, string][] = [
      ['{"kind": "droidproof-blob", ', 'REPORT_BLOB_CORRUPT'],
      [{ stats: {}, suites: [] }, 'REPORT_BLOB_FOREIGN'],
      [{ ...good, schemaVersion: 2 }, 'REPORT_BLOB_VERSION'],
      [{ ...good, tests: [{ ...good.tests[0], outcome: 'exploded' }] }, 'REPORT_BLOB_CORRUPT'],
      [{ ...good, tests: [{ ...good.tests[0], file: '../../etc/passwd' }] }, 'REPORT_BLOB_CORRUPT'],
    ];
    for (const [content, code] of cases) {
      await writeFile(path, typeof content === 'string' ? content : JSON.stringify(content));
      expect(await codeOf(readBlob(folder)), JSON.stringify(content).slice(0, 80)).toBe(code);
    }
    await writeFile(path, JSON.stringify(good));
    const bundle = join(folder, good.tests[0].bundles[0].dir);
    await rm(bundle, { recursive: true });
    await expect(readBlob(folder)).rejects.toMatchObject({
      code: 'REPORT_BLOB_CORRUPT',
      details: { test: FAILED_NAME },
    });
    await mkdir(dirname(bundle), { recursive: true });
    await rm(path);
    expect(await codeOf(readBlob(folder))).toBe('REPORT_BLOB_MISSING');
  });
});
