/**
 * Runs Vitest and Jest as child processes the way users do, against the
 * built package (`droidproof/*` resolves through `exports` to dist/). The
 * build is refreshed first when a source file is newer than it.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtemp, readdir, stat, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

export const PACKAGE_ROOT = resolve(import.meta.dirname, '../..');

async function newestMtime(dir: string, keep: (name: string) => boolean): Promise<number> {
  let newest = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && keep(entry.name)) {
      newest = Math.max(newest, (await stat(join(entry.parentPath, entry.name))).mtimeMs);
    }
  }
  return newest;
}

/** Builds dist/ when src/ or test-apps/ changed after the last build (CI builds on `npm install`). */
export async function ensureBuilt(): Promise<void> {
  const isSource = (name: string) => /\.c?ts$/.test(name) && !name.endsWith('.test.ts');
  const source = Math.max(
    await newestMtime(join(PACKAGE_ROOT, 'src'), isSource),
    await newestMtime(join(PACKAGE_ROOT, 'test-apps'), isSource),
  );
  const built = await newestMtime(join(PACKAGE_ROOT, 'dist'), (name) => name.endsWith('.js')).catch(() => 0);
  if (source <= built) return;
  // Test files run in parallel: one build at a time. tsc emits even when another module has a type
  // error; that error is the typecheck's to report, not these tests'. The bin is the bundled CLI
  // (`npm run build` = tsc, then the bundle), so it is rebuilt too.
  await promisify(execFile)(
    'flock',
    [
      join(tmpdir(), 'droidproof-build.lock'),
      'sh',
      '-c',
      'npx tsc -p tsconfig.build.json; node scripts/bundle-cli.mjs',
    ],
    { cwd: PACKAGE_ROOT },
  ).catch(() => undefined);
}

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a node_modules/.bin command from the package root; resolves when it exits. */
export function runCli(
  command: 'vitest' | 'jest',
  args: readonly string[],
  env: NodeJS.ProcessEnv = {},
  onStdout?: (text: string) => void,
): Promise<CliRun> {
  const child = spawn(join(PACKAGE_ROOT, 'node_modules', '.bin', command), args, {
    cwd: PACKAGE_ROOT,
    env: { ...parentEnv(), ...env, FORCE_COLOR: '0', NO_COLOR: '1', CI: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (text: string) => {
    stdout += text;
    onStdout?.(text);
  });
  child.stderr.setEncoding('utf8').on('data', (text: string) => {
    stderr += text;
  });
  return new Promise((done) => child.on('close', (code) => done({ code, stdout, stderr })));
}

/** This process's environment without the Vitest worker and droidproof run variables it runs under. */
function parentEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !name.startsWith('VITEST') && !name.startsWith('DROIDPROOF_'),
    ),
  );
}

export function tempDir(prefix: string): Promise<string> {
  return mkdtemp(join(tmpdir(), prefix));
}

/**
 * A PATH that holds only `node` (a temp dir with a symlink to this Node): what a machine with
 * nothing but Node offers a child process. No adb, no shell tools.
 */
export async function nodeOnlyPath(): Promise<string> {
  const dir = await tempDir('droidproof-node-only-');
  await symlink(process.execPath, join(dir, 'node'));
  return dir;
}
