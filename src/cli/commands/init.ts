/**
 * `droidproof init [--runner vitest|jest] [--ci] [--dir <path>]`: scaffolds
 * device tests in an existing project. The runner comes from `--runner`, else
 * from the project's package.json (vitest or jest among its dependencies),
 * else it is asked on a terminal; with flags it asks nothing. Existing files
 * are never overwritten (they are listed under `skipped`); the `test:device`
 * script is added to package.json unless one exists.
 */
import { access, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { DroidproofError } from '../../contract/errors.js';
import { type CliCommand, EXIT } from '../command.js';
import { UsageError } from '../errors.js';
import { CI_WORKFLOW, CI_WORKFLOW_PATH, type Runner, scaffold } from '../init/templates.js';
import { stringFlag } from './device-flags.js';

const RUNNERS: readonly Runner[] = ['vitest', 'jest'];

interface PackageJson {
  scripts?: Record<string, string>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  [key: string]: unknown;
}

async function readPackageJson(dir: string): Promise<PackageJson> {
  const path = join(dir, 'package.json');
  const text = await readFile(path, 'utf8').catch(() => {
    throw new DroidproofError('INIT_NO_PACKAGE_JSON', `no package.json in ${dir}; run npm init first`, {
      dir,
    });
  });
  try {
    return JSON.parse(text) as PackageJson;
  } catch (error) {
    throw new DroidproofError('INIT_INVALID_PACKAGE_JSON', `${path} is not valid JSON`, {
      path,
      cause: (error as Error).message,
    });
  }
}

function detectRunners(pkg: PackageJson): Runner[] {
  const deps = { ...pkg.dependencies, ...pkg.devDependencies };
  return RUNNERS.filter((runner) => runner in deps);
}

async function askRunner(): Promise<Runner> {
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    const answer = (await rl.question('Test runner for device tests (vitest/jest) [vitest]: ')).trim();
    if (answer === '') return 'vitest';
    if (RUNNERS.includes(answer as Runner)) return answer as Runner;
    throw new UsageError(`runner must be vitest or jest, got ${JSON.stringify(answer)}`);
  } finally {
    rl.close();
  }
}

async function chooseRunner(flag: string | undefined, pkg: PackageJson): Promise<Runner> {
  if (flag !== undefined) {
    if (!RUNNERS.includes(flag as Runner)) {
      throw new UsageError(`--runner must be vitest or jest, got ${JSON.stringify(flag)}`, {
        flag: '--runner',
      });
    }
    return flag as Runner;
  }
  const found = detectRunners(pkg);
  if (found.length === 1) return found[0];
  if (process.stdin.isTTY && process.stderr.isTTY) return askRunner();
  if (found.length === 0) return 'vitest';
  throw new UsageError('package.json has both vitest and jest; pass --runner vitest or --runner jest', {
    flag: '--runner',
  });
}

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

export const initCommand: CliCommand = {
  name: 'init',
  summary: 'Scaffold device tests (config, an example test, optional emulator CI) in a project',
  usage: 'init [--runner vitest|jest] [--ci] [--dir <path>]',
  flags: {
    runner: {
      type: 'string',
      valueName: 'vitest|jest',
      description: 'test runner (default: the one in package.json)',
    },
    ci: { type: 'boolean', description: `also write ${CI_WORKFLOW_PATH} (GitHub Actions, Android emulator)` },
    dir: { type: 'string', valueName: '<path>', description: 'project directory (default: the current one)' },
  },
  async run({ args, cwd }) {
    if (args.positionals.length > 0) throw new UsageError('init takes no positional arguments');
    const dir = resolve(cwd, stringFlag(args, 'dir') ?? '.');
    const pkg = await readPackageJson(dir);
    const runner = await chooseRunner(stringFlag(args, 'runner'), pkg);
    const plan = scaffold(runner, pkg.type === 'module');
    const files = [
      plan.config,
      plan.example,
      ...(args.flags.ci ? [{ path: CI_WORKFLOW_PATH, text: CI_WORKFLOW }] : []),
    ];
    const created: string[] = [];
    const skipped: string[] = [];
    for (const file of files) {
      const path = join(dir, file.path);
      if (await exists(path)) {
        skipped.push(file.path);
        continue;
      }
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, file.text, { flag: 'wx' });
      created.push(file.path);
    }
    const scripts = pkg.scripts ?? {};
    const addScript = scripts['test:device'] === undefined;
    if (addScript) {
      // Keeps the file's other fields and their order; two-space indent like npm writes it.
      await writeFile(
        join(dir, 'package.json'),
        `${JSON.stringify({ ...pkg, scripts: { ...scripts, 'test:device': plan.script } }, null, 2)}\n`,
      );
    }
    const install = [
      ...(['droidproof', runner] as const).filter(
        (name) => !(name in { ...pkg.dependencies, ...pkg.devDependencies }),
      ),
    ];
    return {
      body: {
        runner,
        created,
        skipped,
        script: addScript ? { 'test:device': plan.script } : null,
        next: [
          ...(install.length > 0 ? [`npm install --save-dev ${install.join(' ')}`] : []),
          'npm run test:device',
        ],
      },
      exitCode: EXIT.OK,
    };
  },
};
