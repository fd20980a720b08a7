/**
 * A suite split across machines, as CI runs it: three `vitest run --shard=i/3`
 * (or `jest --shard=i/3`) child processes, each with its own virtual farm and report folder, merged
 * by `droidproof merge-reports` (the built CLI, as users run it). The merged
 * report must hold the same tests with the same outcomes, attempts and
 * evidence as one unsharded run of the same suite, and its links must work.
 */
import { execFile } from 'node:child_process';
import { access, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { readBlob } from '../../src/evidence/report/blob.js';
import { ensureBuilt, PACKAGE_ROOT, runCli, tempDir } from './helpers.js';

beforeAll(ensureBuilt, 180_000);

const FIXTURE = 'test/environment/fixtures/sharded';

interface Case {
  classname: string;
  name: string;
  outcome: string;
  attempts: string;
}

/** Every testcase of a JUnit file with its outcome and attempts, sorted. */
function cases(junit: string): Case[] {
  return [...junit.matchAll(/<testcase classname="([^"]*)" name="([^"]*)"[^>]*>([\s\S]*?)<\/testcase>/g)]
    .map(([, classname, name, body]) => ({
      classname: classname!,
      name: name!,
      outcome: /<failure\b/.test(body!)
        ? 'failed'
        : /<skipped\/>/.test(body!)
          ? 'skipped'
          : /name="flaky"/.test(body!)
            ? 'flaky'
            : 'passed',
      attempts: /name="attempts" value="(\d+)"/.exec(body!)?.[1] ?? '',
    }))
    .sort((a, b) => `${a.classname}/${a.name}`.localeCompare(`${b.classname}/${b.name}`));
}

function attachments(junit: string): string[] {
  return [...junit.matchAll(/\[\[ATTACHMENT\|([^\]]+)\]\]/g)].map((m) => m[1]!);
}

type Runner = 'vitest' | 'jest';

function suiteRun(runner: Runner, report: string, shard?: string) {
  const args =
    runner === 'vitest'
      ? ['run', '--config', `${FIXTURE}/vitest.config.ts`]
      : // Jest shards by a hash of the path: a shard may get no file.
        ['--config', `${FIXTURE}/jest.config.js`, '--passWithNoTests'];
  return runCli(runner, [...args, ...(shard ? [`--shard=${shard}`] : [])], { DROIDPROOF_REPORT_DIR: report });
}

describe.each<Runner>(['vitest', 'jest'])('a sharded %s run merged', (runner) => {
  it('3 shards in 3 processes merge into the report of one unsharded run', async () => {
    const dir = await tempDir('droidproof-shards-');
    const shardDirs = [1, 2, 3].map((i) => join(dir, `shard-${i}`));
    const whole = join(dir, 'whole');
    const runs = await Promise.all([
      ...shardDirs.map((report, i) => suiteRun(runner, report, `${i + 1}/3`)),
      suiteRun(runner, whole),
    ]);
    expect(runs[3]!.code).toBe(1);
    // Each shard ran a part of the files, says where its blob is, and fails only if it holds the failing test.
    for (const [i, run] of runs.slice(0, 3).entries()) {
      expect(run.stdout).toMatch(
        /droidproof: report \S+index\.html, JUnit \S+junit\.xml, blob \S+droidproof-blob\.json/,
      );
      const { blob } = await readBlob(shardDirs[i]!);
      expect(blob.shard).toEqual({ index: i + 1, total: 3 });
      expect(run.code, run.stdout + run.stderr).toBe(blob.tests.some((t) => t.outcome === 'failed') ? 1 : 0);
    }
    await expect(access(join(whole, 'droidproof-blob.json'))).rejects.toThrow();

    const merged = join(dir, 'merged');
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        join(PACKAGE_ROOT, 'dist/src/cli/main.js'),
        'merge-reports',
        ...shardDirs,
        '--out-dir',
        merged,
        '--root',
        FIXTURE,
      ],
      { cwd: PACKAGE_ROOT },
    );
    expect(JSON.parse(stdout)).toMatchObject({
      shards: [1, 2, 3],
      missingShards: [],
      summary: { total: 6, passed: 3, failed: 1, flaky: 1, skipped: 1 },
    });

    const mergedJunit = await readFile(join(merged, 'junit.xml'), 'utf8');
    const wholeJunit = await readFile(join(whole, 'junit.xml'), 'utf8');
    expect(cases(mergedJunit)).toEqual(cases(wholeJunit));
    expect(
      cases(mergedJunit)
        .map((c) => c.outcome)
        .sort(),
    ).toEqual(['failed', 'flaky', 'passed', 'passed', 'passed', 'skipped']);
    // The same evidence: one bundle per failed attempt (2 of the failing test, 1 of the flaky one).
    const files = (paths: string[]) => paths.map((p) => p.split('/').at(-1)).sort();
    expect(files(attachments(mergedJunit))).toEqual(files(attachments(wholeJunit)));
    expect(attachments(mergedJunit).filter((p) => p.endsWith('manifest.json'))).toHaveLength(3);
    for (const path of attachments(mergedJunit)) await access(join(merged, path));
    const html = await readFile(join(merged, 'index.html'), 'utf8');
    expect(html).toContain('settings shows a row that does not exist');
    for (const [, href] of html.matchAll(/"href":"([^"]+)"/g)) await access(join(merged, href!));
  }, 240_000);
});
