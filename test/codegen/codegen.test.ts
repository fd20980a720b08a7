/**
 * `droidproof codegen` end to end, as a user runs it: the command records on
 * a virtual device behind the real adb server while the "user" taps through
 * the app (with `adb shell input` and with `droidproof click`), Enter ends the
 * session, and the written test passes under real Vitest — then again after
 * a new release moved everything around but kept the resource ids.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdbTransport } from '../../src/actuator/adb/transport.js';
import { runCli as droidproof } from '../../src/cli/run.js';
import { startVirtualFarm, type VirtualFarm } from '../../src/virtual-device/farm.js';
import { createVirtualDevice } from '../../src/virtual-device/index.js';
import { ensureBuilt, PACKAGE_ROOT, runCli } from '../environment/helpers.js';
import { hasAdb, type PrivateAdbServer, startPrivateAdbServer } from '../virtual-device/adb-server.js';
import { LISTS, type ListsLayout, listsApp } from './fixtures/lists-app.js';

const FIXTURE = join(import.meta.dirname, 'fixtures');
const tsx = pathToFileURL(join(PACKAGE_ROOT, 'node_modules/tsx/dist/loader.mjs')).href;
// biome-ignore lint/suspicious/noExplicitAny: CLI output is asserted field by field.
type Json = Record<string, any>;

interface Lab {
  farm: VirtualFarm;
  serial: string;
}

async function startLab(server: PrivateAdbServer, layout: ListsLayout): Promise<Lab> {
  const farm = await startVirtualFarm({
    devices: 1,
    adbServerPort: server.port,
    createDevice: (serial) => createVirtualDevice({ serial, apps: [listsApp(layout)] }),
  });
  return { farm, serial: farm.devices[0].adbServerSerial };
}

/** Runs `droidproof codegen` as a child process; `drive` is the user's session, then Enter ends it. */
async function codegen(
  args: string[],
  cwd: string,
  drive: () => Promise<void>,
): Promise<{ code: number | null; json: Json; stderr: string }> {
  const child = spawn(
    process.execPath,
    ['--import', tsx, join(PACKAGE_ROOT, 'src/cli/main.ts'), 'codegen', ...args],
    {
      cwd,
      env: { ...process.env, DROIDPROOF_NO_DAEMON: '1' },
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (t: string) => (stdout += t));
  const ready = new Promise<void>((resolve) => {
    child.stderr.setEncoding('utf8').on('data', (t: string) => {
      stderr += t;
      if (stderr.includes('press Enter')) resolve();
    });
  });
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  await Promise.race([ready, exited]);
  await drive();
  child.stdin.end('\n');
  const code = await exited;
  return { code, json: JSON.parse(stdout || '{}'), stderr };
}

describe.skipIf(!hasAdb)('droidproof codegen', () => {
  let server: PrivateAdbServer;
  let dir: string;
  const name = `lists-${process.pid}`;
  const generated = join(FIXTURE, `${name}.generated.ts`);
  const generatedJest = join(FIXTURE, `${name}.generated.test.cjs`);

  beforeAll(async () => {
    server = await startPrivateAdbServer();
    dir = await mkdtemp(join(tmpdir(), 'droidproof-codegen-'));
  });
  afterAll(async () => {
    await rm(generated, { force: true });
    await rm(generatedJest, { force: true });
    await rm(dir, { recursive: true, force: true });
    await server?.stop();
  });

  it('records a session, writes a readable test, and the test passes before and after a layout change', async () => {
    let lab = await startLab(server, 'v1');
    const target = ['--adb-port', String(server.port), '--device', lab.serial];
    const cli = async (...args: string[]) => {
      let out = '';
      const code = await droidproof([...args, ...target, '--no-daemon'], {
        write: (t) => (out += t),
        cwd: dir,
      });
      expect(code, `${args.join(' ')}: ${out}`).toBe(0);
      return JSON.parse(out) as Json;
    };
    const adbShell = (command: string) =>
      new AdbTransport({ adbPort: server.port }).device(lab.serial).exec(command);
    const centreOf = async (id: string) => {
      const query = await cli('query', '--id', `${LISTS}:id/${id}`);
      const b = JSON.parse(query.envelope.stepResults[0].data.query).nodes[0].bounds;
      return `${(b.left + b.right) >> 1} ${(b.top + b.bottom) >> 1}`;
    };
    try {
      const run = await codegen(
        [...target, '--app', LISTS, '--out', generated, '--name', 'adds an item to Home'],
        dir,
        async () => {
          // The user: opens the Home list with the CLI, types an item with the device keyboard, saves.
          await cli('wait', '--id', `${LISTS}:id/title`);
          await cli('click', '--id', `${LISTS}:id/open`, '--container-id', `${LISTS}:id/row_home`);
          await cli('wait', '--id', `${LISTS}:id/item`);
          await adbShell(`input tap ${await centreOf('item')}`);
          await adbShell('input text milk');
          await adbShell(`input tap ${await centreOf('save')}`);
          await cli('wait', '--text', 'Added milk');
        },
      );
      expect(run.code, run.stderr).toBe(0);
      expect(run.json).toMatchObject({ ok: true, outputFile: generated, runner: 'vitest' });
      expect(run.json.warnings).toBeUndefined();
      const source = await readFile(generated, 'utf8');
      const id = (name: string) => `'${LISTS}:id/${name}'`;
      expect(source).toContain("import { expect, test } from 'droidproof/vitest';");
      expect(source.split('\n').filter((l) => l.startsWith('  '))).toEqual([
        `  await device.closeApp('${LISTS}');`,
        `  await device.openApp('${LISTS}');`,
        `  await expect(device).toShowNode({ resourceId: ${id('title')} });`,
        `  await device.node({ resourceId: ${id('open')}, ancestor: { resourceId: ${id('row_home')} } }).click();`,
        `  await expect(device).toShowNode({ resourceId: ${id('list_title')} });`,
        `  await device.node({ resourceId: ${id('item')} }).enterText('milk');`,
        `  await device.node({ resourceId: ${id('save')} }).click();`,
        `  await expect(device).toShowNode({ resourceId: ${id('saved_message')} });`,
      ]);
      // The raw recording is kept where record pull keeps it.
      expect(run.json.recording).toBe(join('recordings', `${run.json.sessionId}.ndjson`));

      await ensureBuilt();
      const replay = () =>
        runCli('vitest', ['run', '--config', join(FIXTURE, 'vitest.config.ts')], {
          DROIDPROOF_TEST_GENERATED: name,
          DROIDPROOF_TEST_ADB_PORT: String(server.port),
          DROIDPROOF_TEST_SERIALS: lab.serial,
        });
      const passes = async () => {
        const result = await replay();
        expect(result.stdout + result.stderr).toMatch(/1 passed/);
        expect(result.code).toBe(0);
      };
      await passes();

      // The same recording, kept on disk, as a Jest test: it passes under real Jest.
      const jest = await cli(
        'codegen',
        '--input',
        run.json.recording,
        '--runner',
        'jest',
        '--out',
        generatedJest,
      );
      expect(jest).toMatchObject({ ok: true, runner: 'jest', sessionId: run.json.sessionId });
      const jestRun = await runCli('jest', ['--config', join(FIXTURE, 'jest.config.js')], {
        DROIDPROOF_TEST_GENERATED: name,
        DROIDPROOF_TEST_ADB_PORT: String(server.port),
        DROIDPROOF_TEST_SERIALS: lab.serial,
      });
      expect(jestRun.stdout + jestRun.stderr).toMatch(/Tests:\s+1 passed/);
      expect(jestRun.code).toBe(0);

      // The next release: new banner, lists swapped, Save above the field, taller rows; ids kept.
      await lab.farm.stop();
      lab = await startLab(server, 'v2');
      await passes();

      // The replay is real: where an id it relies on changed, it fails at that step.
      await lab.farm.stop();
      lab = await startLab(server, 'renamed');
      const broken = await replay();
      expect(broken.code).not.toBe(0);
      expect(broken.stdout + broken.stderr).toContain(
        `device.node({"resourceId":"${LISTS}:id/save"}).click() failed: no node matching`,
      );
    } finally {
      await lab.farm.stop();
    }
  }, 240_000);
});
