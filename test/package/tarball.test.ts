/**
 * droidproof as a dependency, the way a project meets it: `npm pack`, then
 * `npm install <tarball>` into a fresh CommonJS project and a fresh ESM one,
 * `npx droidproof init` for Vitest and for Jest, and both example tests run
 * against a virtual device with nothing but Node on PATH. The ESM project is
 * also type-checked against the shipped declarations.
 *
 * Offline by design: before the install, the package's runtime dependencies
 * and the test runners are linked from this workspace's node_modules (as a
 * project that already has them), and `npm install --offline` checks the
 * tarball's dependency ranges against them; a range they do not satisfy
 * fails with ENOTCACHED instead of reaching for the network.
 */
import { execFile } from 'node:child_process';
import { mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, nodeOnlyPath, PACKAGE_ROOT, tempDir } from '../environment/helpers.js';

const run = promisify(execFile);

/** droidproof's runtime dependencies (its package.json's own list), linked from the workspace before the install. */
const DEPENDENCIES = Object.keys(
  (JSON.parse(await readFile(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { dependencies: object })
    .dependencies,
);

/** What a project brings itself (the runners, TypeScript), linked after the install. */
const RUNNERS = [
  'vitest',
  'vite',
  'jest',
  'jest-environment-node',
  '@jest/environment',
  '@jest/reporters',
  'typescript',
  '@types/node',
];

let tarball = '';

async function link(dir: string, names: readonly string[]): Promise<void> {
  for (const name of names) {
    const path = join(dir, 'node_modules', name);
    await mkdir(join(path, '..'), { recursive: true });
    await symlink(join(PACKAGE_ROOT, 'node_modules', name), path);
  }
}

async function project(type: 'commonjs' | 'module'): Promise<string> {
  const dir = await tempDir(`droidproof-consumer-${type}-`);
  await writeFile(
    join(dir, 'package.json'),
    `${JSON.stringify({ name: `consumer-${type}`, version: '1.0.0', private: true, type }, null, 2)}\n`,
  );
  await link(dir, DEPENDENCIES);
  await run('npm', ['install', '--offline', '--ignore-scripts', '--no-audit', '--no-fund', tarball], {
    cwd: dir,
    timeout: 60_000,
  });
  // After the install: npm prunes what package.json does not ask for.
  await link(dir, RUNNERS);
  return dir;
}

/** Runs a runner's bin in the project with nothing but Node on PATH. */
async function runIn(dir: string, bin: string, args: string[], PATH: string) {
  const result = await run(process.execPath, [join(dir, 'node_modules', bin), ...args], {
    cwd: dir,
    env: { HOME: dir, PATH, CI: '1', NO_COLOR: '1', FORCE_COLOR: '0' },
    timeout: 60_000,
  }).catch((error: { code: number; stdout: string; stderr: string }) => error);
  return { code: 'code' in result ? result.code : 0, output: `${result.stdout}\n${result.stderr}` };
}

const VITEST = 'vitest/vitest.mjs';
const JEST = 'jest/bin/jest.js';

async function init(dir: string, runner: 'vitest' | 'jest') {
  const { stdout } = await run(
    process.execPath,
    [join(dir, 'node_modules/droidproof/dist/src/cli/main.js'), 'init', '--runner', runner],
    { cwd: dir },
  );
  return JSON.parse(stdout);
}

let PATH = '';
let projects: Record<'commonjs' | 'module', string>;
beforeAll(async () => {
  await ensureBuilt();
  PATH = await nodeOnlyPath();
  const out = await tempDir('droidproof-pack-');
  await run('npm', ['pack', '--ignore-scripts', '--pack-destination', out, '--loglevel=error'], {
    cwd: PACKAGE_ROOT,
  });
  const [name] = await readdir(out);
  tarball = join(out, name);
  // Both projects at once: the installs are mostly waiting on the disk.
  const [commonjs, module] = await Promise.all([project('commonjs'), project('module')]);
  projects = { commonjs, module };
}, 150_000);

const TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: ['node'],
  },
  include: ['device-tests', 'vitest.droidproof.config.mts'],
};

/** The `import { test } from 'vitest'` style with the global `device`, and receivers that must not compile. */
const GLOBAL_STYLE = `import { expect, test } from 'vitest';
test('global device', async () => {
  await device.openApp('com.droidproof.settings');
  await expect(device).toShowNode({ textEquals: 'Wi-Fi' });
  await expect(device.node({ textEquals: 'Wi-Fi' })).toBeChecked();
  // @ts-expect-error not a device
  await expect(5).toShowNode({ textEquals: 'x' });
  // @ts-expect-error locator-only matcher on a device
  await expect(device).toBeVisible();
});
`;

describe.concurrent.each(['commonjs', 'module'] as const)(
  'installed from the tarball into a %s project',
  (type) => {
    /** TypeScript treats `.ts` as CommonJS in a CommonJS project; droidproof is ESM, so the example is `.mts` there. */
    const ext = type === 'module' ? 'ts' : 'mts';

    it('init scaffolds Vitest and Jest suites that pass against a virtual device and type-check', async () => {
      const dir = projects[type];
      expect(await init(dir, 'vitest')).toMatchObject({
        runner: 'vitest',
        created: ['vitest.droidproof.config.mts', `device-tests/example.test.${ext}`],
        script: { 'test:device': 'vitest run --config vitest.droidproof.config.mts' },
      });
      const jestInit = await init(dir, 'jest');
      expect(jestInit.created).toEqual(['jest.droidproof.config.cjs', 'device-tests/example.test.cjs']);
      // The vitest script from before stays: init never overwrites.
      expect(jestInit.script).toBeNull();
      await writeFile(join(dir, 'device-tests', 'global-style.check.mts'), GLOBAL_STYLE);
      await writeFile(join(dir, 'tsconfig.json'), JSON.stringify(TSCONFIG));

      const [vitest, jest, tsc] = await Promise.all([
        runIn(dir, VITEST, ['run', '--config', 'vitest.droidproof.config.mts'], PATH),
        runIn(dir, JEST, ['--config', 'jest.droidproof.config.cjs'], PATH),
        runIn(dir, 'typescript/bin/tsc', ['-p', '.'], PATH),
      ]);
      expect(vitest.code, vitest.output).toBe(0);
      expect(vitest.output).toMatch(/Tests\s+1 passed/);
      expect(vitest.output).not.toMatch(/missing source files/);
      expect(jest.code, jest.output).toBe(0);
      expect(jest.output).toMatch(/Tests:\s+1 passed, 1 total/);
      expect(tsc.code, tsc.output).toBe(0);

      const before = await readFile(join(dir, 'package.json'), 'utf8');
      expect(await init(dir, 'vitest')).toMatchObject({
        created: [],
        skipped: ['vitest.droidproof.config.mts', `device-tests/example.test.${ext}`],
      });
      expect(await readFile(join(dir, 'package.json'), 'utf8')).toBe(before);
    }, 90_000);

    it('ships sourcemaps whose sources are inside them', async () => {
      const dist = join(projects[type], 'node_modules', 'droidproof', 'dist');
      const maps = (await readdir(dist, { recursive: true })).filter((f) => f.endsWith('.js.map'));
      expect(maps.length).toBeGreaterThan(100);
      for (const map of maps) {
        const { sources, sourcesContent } = JSON.parse(await readFile(join(dist, map), 'utf8'));
        expect(sourcesContent?.length, map).toBe(sources.length);
        expect(sourcesContent.every((text: unknown) => typeof text === 'string' && text.length > 0)).toBe(
          true,
        );
      }
    });
  },
);
