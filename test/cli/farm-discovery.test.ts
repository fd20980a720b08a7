/**
 * The CLI meets the farm as a user does: `droidproof virtual --devices 2` in
 * one process, then `devices`, `doctor`, `snapshot --compact`, `click --text`
 * with no port flags (found through the run file in the state directory),
 * `ANDROID_SERIAL` choosing the device, and the run file gone after SIGTERM.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { farmAnnouncement } from '../../src/cli/farm-announcement.js';
import { publishedFarms, stateDir } from '../../src/cli/farm-run-file.js';
import { runCli } from '../../src/cli/run.js';
import { tempDir } from '../environment/helpers.js';

const main = join(import.meta.dirname, '../../src/cli/main.ts');

async function cli(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; out: string }> {
  let out = '';
  const code = await runCli(args, { write: (text) => (out += text), cwd: '.', env });
  return { code, out };
}

describe('the CLI finds a running droidproof virtual', () => {
  let child: ChildProcess;
  let env: NodeJS.ProcessEnv;
  let farm: { adbPort: number };

  beforeAll(async () => {
    const home = await tempDir('droidproof-cli-home-');
    env = { HOME: home, XDG_STATE_HOME: join(home, 'state') };
    child = spawn(process.execPath, ['--import', 'tsx', main, 'virtual', '--devices', '2'], {
      env: { ...process.env, ...env, ANDROID_ADB_SERVER_PORT: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const [chunk] = (await once(child.stdout!, 'data')) as [Buffer];
    farm = JSON.parse(chunk.toString());
  }, 60_000);

  afterAll(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
  });

  it('publishes where it listens in the state directory', async () => {
    const dir = stateDir(env);
    expect(dir).toBe(join(env.XDG_STATE_HOME!, 'droidproof'));
    const [name] = await readdir(dir);
    expect(JSON.parse(await readFile(join(dir, name), 'utf8'))).toMatchObject({
      pid: child.pid,
      adbHost: '127.0.0.1',
      adbPort: farm.adbPort,
      serials: ['virtual-5554', 'virtual-5556'],
    });
  });

  it('devices lists both devices with no port flag', async () => {
    const { code, out } = await cli(['devices'], env);
    expect(code).toBe(0);
    expect(JSON.parse(out)).toEqual({
      devices: [
        { serial: 'virtual-5554', state: 'device' },
        { serial: 'virtual-5556', state: 'device' },
      ],
    });
  });

  it('doctor passes for the ANDROID_SERIAL device, checking the front end and skipping adb', async () => {
    const { code, out } = await cli(['doctor'], { ...env, ANDROID_SERIAL: 'virtual-5556' });
    const report = JSON.parse(out);
    expect(code, out).toBe(0);
    expect(report).toMatchObject({ criticalOk: true, deviceId: 'virtual-5556' });
    expect(report.skippedChecks).toEqual([
      { id: 'host.adb.presence', reason: expect.stringContaining('adb front end'), blockedBy: [] },
    ]);
  });

  it('doctor --format pretty prints an aligned table', async () => {
    const { out } = await cli(['doctor', '--device', 'virtual-5554', '--format', 'pretty'], env);
    const lines = out.split('\n');
    expect(lines[0]).toMatch(/^droidproof doctor: READY \(device virtual-5554/);
    const rows = lines.filter((l) => /^ {2}(pass|warn|fail|skip|STATUS) /.test(l));
    expect(rows.length).toBeGreaterThanOrEqual(8);
    const column = rows[0].indexOf('RESULT');
    for (const row of rows) expect(row[column - 1]).toBe(' ');
    expect(rows.some((r) => r.startsWith('  skip    host.adb.presence'))).toBe(true);
  });

  it('ANDROID_ADB_SERVER_PORT naming the farm is recognised as the front end', async () => {
    const { code, out } = await cli(['doctor', '--device', 'virtual-5554'], {
      ...env,
      ANDROID_ADB_SERVER_PORT: String(farm.adbPort),
    });
    expect(code, out).toBe(0);
    expect(JSON.parse(out).checks).toContainEqual(
      expect.objectContaining({
        id: 'host.adb.server',
        evidence: expect.objectContaining({ server: 'droidproof' }),
      }),
    );
  });

  it('snapshot --compact and click --text reach the ANDROID_SERIAL device', async () => {
    const device = { ...env, ANDROID_SERIAL: 'virtual-5554' };
    // The home screen has the system Settings and the test app's: open the test app by package.
    const open = await cli(['open', 'com.droidproof.settings'], device);
    expect(open.code, open.out).toBe(0);
    const click = await cli(['click', '--text', 'Bluetooth'], device);
    expect(click.code, click.out).toBe(0);
    const snapshot = await cli(['snapshot', '--compact'], device);
    expect(snapshot.code).toBe(0);
    const { compact, deviceId } = JSON.parse(snapshot.out);
    expect(deviceId).toBe('virtual-5554');
    expect(compact.nodes.map((n: { text: string | null }) => n.text)).toContain('Wi-Fi');
    const pretty = await cli(['snapshot', '--format', 'pretty'], device);
    expect(pretty.out).toMatch(/^virtual-5554: \d+ nodes, \d+ named \(com\.droidproof\.settings\)/);
    expect(pretty.out).toMatch(/Switch "Wi-Fi" #com\.droidproof\.settings:id\/switch_wi_fi \(clickable/);
  });

  it('removes its run file when stopped', async () => {
    child.kill('SIGTERM');
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
    expect(await readdir(stateDir(env))).toEqual([]);
    const { code: devicesCode, out } = await cli(['devices', '--adb-port', String(farm.adbPort)], env);
    expect(devicesCode).toBe(1);
    expect(JSON.parse(out)).toMatchObject({ code: 'ADB_SERVER_FAILED' });
    expect(out).not.toMatch(/nonexistent|does-not-start/);
  });
});

describe('run files', () => {
  it('ignores and deletes the run file of a process that is gone', async () => {
    const env = { XDG_STATE_HOME: await tempDir('droidproof-state-') };
    const dir = stateDir(env);
    await mkdir(dir, { recursive: true });
    // A pid far above any pid_max: no such process.
    const record = { pid: 2 ** 30, adbHost: '127.0.0.1', adbPort: 1, serials: [], startedAt: '2026-01-01' };
    await writeFile(join(dir, `virtual-${record.pid}.json`), JSON.stringify(record));
    expect(await publishedFarms(env)).toEqual([]);
    expect(await readdir(dir)).toEqual([]);
  });

  it('falls back to ~/.local/state/droidproof', () => {
    expect(stateDir({ HOME: '/home/ada' }, 'linux')).toBe(join('/home/ada', '.local', 'state', 'droidproof'));
  });

  it('tells a person how to reach the farm', () => {
    const text = farmAnnouncement({
      adbHost: '127.0.0.1',
      adbPort: 41234,
      devices: [{ serial: 'virtual-5554' }, { serial: 'virtual-5556' }],
    });
    expect(text).toContain('2 virtual devices (virtual-5554, virtual-5556) on 127.0.0.1:41234');
    expect(text).toContain('export ANDROID_ADB_SERVER_PORT=41234');
  });
});

describe('CLI conventions', () => {
  it.each([[[]], [['--help']], [['-h']], [['help']]])(
    'droidproof %j prints the command index',
    async (args) => {
      const { code, out } = await cli(args, {});
      expect(code).toBe(0);
      expect(out).toMatch(/^droidproof \d+\.\d+\.\d+: /);
      const rows = out.split('\n').filter((l) => /^ {2}\S/.test(l));
      // Where each description starts: after the left cell and its padding.
      const starts = new Set(rows.map((r) => /^ {2}\S.*? {2,}/.exec(r)?.[0].length));
      expect(rows.length).toBeGreaterThan(20);
      expect(starts.size).toBe(1);
    },
  );

  it('help <command> and <command> --help print that command', async () => {
    const a = await cli(['help', 'snapshot'], {});
    const b = await cli(['snapshot', '-h'], {});
    expect(a).toEqual(b);
    expect(a.out).toMatch(/^usage: droidproof snapshot /);
    expect((await cli(['help', 'nope'], {})).code).toBe(1);
  });

  it('--version prints the package version', async () => {
    const pkg = JSON.parse(await readFile(join(import.meta.dirname, '../../package.json'), 'utf8'));
    expect(await cli(['--version'], {})).toEqual({ code: 0, out: `${pkg.version}\n` });
  });
});
