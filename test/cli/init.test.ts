/**
 * `droidproof init` decides without asking when it can: `--runner`, else the
 * runner in package.json; both there (and no terminal) is a usage error;
 * `--ci` adds the emulator workflow; no package.json is a typed error.
 */
import { access, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run.js';
import { tempDir } from '../environment/helpers.js';

async function initIn(pkg: Record<string, unknown> | undefined, ...flags: string[]) {
  const dir = await tempDir('droidproof-init-');
  if (pkg) await writeFile(join(dir, 'package.json'), JSON.stringify(pkg));
  let out = '';
  const code = await runCli(['init', ...flags], { write: (text) => (out += text), cwd: dir, env: {} });
  return { dir, code, body: JSON.parse(out) };
}

describe('droidproof init', () => {
  it('detects Jest from devDependencies and writes the Jest setup', async () => {
    const { dir, code, body } = await initIn({
      name: 'app',
      type: 'module',
      devDependencies: { jest: '^30' },
    });
    expect(code).toBe(0);
    expect(body).toEqual({
      runner: 'jest',
      created: ['jest.droidproof.config.cjs', 'device-tests/example.test.cjs'],
      skipped: [],
      script: { 'test:device': 'jest --config jest.droidproof.config.cjs' },
      next: ['npm install --save-dev droidproof', 'npm run test:device'],
    });
    const pkg = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8'));
    expect(pkg).toMatchObject({
      name: 'app',
      type: 'module',
      scripts: { 'test:device': body.script['test:device'] },
    });
  });

  it('picks Vitest when package.json has no runner, and --ci adds the emulator workflow', async () => {
    const { dir, body } = await initIn({ name: 'app', type: 'module' }, '--ci');
    expect(body.runner).toBe('vitest');
    expect(body.created).toEqual([
      'vitest.droidproof.config.mts',
      'device-tests/example.test.ts',
      '.github/workflows/droidproof-emulator.yml',
    ]);
    expect(body.next).toEqual(['npm install --save-dev droidproof vitest', 'npm run test:device']);
    const workflow = await readFile(join(dir, '.github/workflows/droidproof-emulator.yml'), 'utf8');
    expect(workflow).toContain('reactivecircus/android-emulator-runner');
    expect(workflow).toContain('npm run test:device');
  });

  it('refuses to guess between Vitest and Jest without a terminal', async () => {
    const { code, body } = await initIn({ devDependencies: { vitest: '^4', jest: '^30' } });
    expect(code).toBe(1);
    expect(body).toMatchObject({ code: 'USAGE', details: { flag: '--runner' } });
  });

  it('--runner wins over package.json; a bad value and a missing package.json are typed errors', async () => {
    expect(
      (await initIn({ devDependencies: { vitest: '^4', jest: '^30' } }, '--runner', 'jest')).body.runner,
    ).toBe('jest');
    expect((await initIn({}, '--runner', 'mocha')).body).toMatchObject({ code: 'USAGE' });
    const missing = await initIn(undefined, '--runner', 'vitest');
    expect(missing).toMatchObject({ code: 1, body: { code: 'INIT_NO_PACKAGE_JSON' } });
    await expect(access(join(missing.dir, 'vitest.droidproof.config.mts'))).rejects.toThrow();
  });
});
