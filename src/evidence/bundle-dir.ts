/**
 * One new directory per test attempt, never reused: retries and repeated runs
 * keep every attempt's bundle.
 */
import { createHash } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { DroidproofError } from '../contract/errors.js';

/**
 * The bundles root the environment names, if any: `DROIDPROOF_EVIDENCE_DIR`
 * (the bundles root itself, preferred), else the seeds' `ANDROPERATOR_EVIDENCE_DIR`
 * (an evidence root whose bundles live in `<root>/bundles`, seed 003:5717-5725).
 * An empty or whitespace-only value is EXECUTION_VALIDATION_FAILED (003:5724).
 */
export function evidenceDirFromEnv(env: NodeJS.ProcessEnv = process.env): string | undefined {
  for (const [name, bundlesOf] of [
    ['DROIDPROOF_EVIDENCE_DIR', (dir: string) => dir],
    ['ANDROPERATOR_EVIDENCE_DIR', (dir: string) => join(dir, 'bundles')],
  ] as const) {
    const value = env[name];
    if (value === undefined) continue;
    if (value.trim() === '') {
      throw new DroidproofError('EXECUTION_VALIDATION_FAILED', `${name} must not be empty or blank`, {
        variable: name,
      });
    }
    return bundlesOf(value);
  }
  return undefined;
}

/** Overrides the default report folder (handy in CI); an `outputDir` option wins. */
export const REPORT_DIR_ENV = 'DROIDPROOF_REPORT_DIR';

/** The configured report folder as given (relative to the project root, or absolute). */
export function outputDirOption(outputDir: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  return outputDir ?? env[REPORT_DIR_ENV] ?? 'droidproof-report';
}

/** Where bundles go unless configured: `droidproof-report/bundles` under the working directory. */
export function defaultEvidenceRoot(cwd = process.cwd()): string {
  return resolve(cwd, evidenceDirFromEnv() ?? join('droidproof-report', 'bundles'));
}

/** A readable, filesystem-safe folder name for a test, unique per (file, name) through a short hash. */
export function testSlug(testName: string, testPath?: string): string {
  const readable = `${testPath ? `${basename(testPath).replace(/\.[^.]+$/, '')}-` : ''}${testName}`
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  const hash = createHash('sha256')
    .update(`${testPath ?? ''}\u0000${testName}`)
    .digest('hex')
    .slice(0, 8);
  return `${readable || 'test'}-${hash}`;
}

const MAX_SUFFIX = 1000;

/**
 * Creates `<root>/<slug>/attempt-<n>` (or `attempt-<n>-2`, `-3`, ... when that
 * exists) with a non-recursive `mkdir`, so two writers can never share a directory.
 */
export async function allocateBundleDir(
  root: string,
  test: { testName: string; testPath?: string; attempt: number },
): Promise<string> {
  const parent = join(root, testSlug(test.testName, test.testPath));
  await mkdir(parent, { recursive: true });
  for (let suffix = 1; suffix <= MAX_SUFFIX; suffix++) {
    const dir = join(parent, `attempt-${test.attempt}${suffix === 1 ? '' : `-${suffix}`}`);
    try {
      await mkdir(dir);
      return dir;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  throw new DroidproofError('EVIDENCE_OUTPUT_EXISTS', `no free bundle directory under ${parent}`, { parent });
}
