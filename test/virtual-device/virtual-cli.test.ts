import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createVirtualCommand } from '../../src/cli/commands/virtual.js';
import { runCli } from '../../src/cli/run.js';
import { hasAdb, startPrivateAdbServer } from './adb-server.js';
import { Adb } from './adbkit.js';
import { createFakeDevice } from './fake-device.js';
import { readStream } from './streams.js';

/** The real bin, with the default device (the full virtual-device composition). */
const main = fileURLToPath(new URL('../../src/cli/main.ts', import.meta.url));

describe('droidproof virtual (process)', () => {
  let child: ChildProcess | undefined;
  afterEach(() => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
  });

  it('prints the farm on one JSON line, serves it, and exits 0 on SIGTERM', async () => {
    // Its own state dir: the farm's run file must not land in the real user's.
    const state = mkdtempSync(join(tmpdir(), 'droidproof-state-'));
    child = spawn(process.execPath, ['--import', 'tsx', main, 'virtual', '--devices', '2', '--json'], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, XDG_STATE_HOME: state, HOME: state },
    });
    const [firstChunk] = (await once(child.stdout!, 'data')) as [Buffer];
    const line = firstChunk.toString();
    expect(line.endsWith('\n') && line.indexOf('\n') === line.length - 1).toBe(true);
    const farm = JSON.parse(line);
    expect(farm).toEqual({
      adbHost: '127.0.0.1',
      adbPort: expect.any(Number),
      devices: [
        { serial: 'virtual-5554', adbdPort: expect.any(Number) },
        { serial: 'virtual-5556', adbdPort: expect.any(Number) },
      ],
    });
    const client = Adb.createClient({ host: farm.adbHost, port: farm.adbPort });
    expect((await readStream(await client.getDevice('virtual-5556').shell('echo served'))).toString()).toBe(
      'served\n',
    );
    child.kill('SIGTERM');
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
  });

  it('rejects a bad --devices value with a usage error', async () => {
    let output = '';
    const code = await runCli(
      ['virtual', '--devices', 'many'],
      { write: (text) => (output += text), cwd: '.' },
      [createVirtualCommand({ createDevice: createFakeDevice, onShutdown: () => {} })],
    );
    expect(code).toBe(1);
    expect(JSON.parse(output)).toMatchObject({ code: 'USAGE' });
  });

  it.skipIf(!hasAdb)('registers the devices with a running adb server (--adb-server)', async () => {
    const server = await startPrivateAdbServer();
    let stop: (() => Promise<void>) | undefined;
    try {
      let output = '';
      const command = createVirtualCommand({
        createDevice: createFakeDevice,
        onShutdown: (fn) => (stop = fn),
      });
      const code = await runCli(
        ['virtual', '--devices', '1', '--adb-server', String(server.port), '--json'],
        { write: (text) => (output += text), cwd: '.' },
        [command],
      );
      expect(code).toBe(0);
      const { devices } = JSON.parse(output);
      expect((await server.run(['devices'])).stdout.toString()).toContain(
        `127.0.0.1:${devices[0].adbdPort}\tdevice`,
      );
    } finally {
      await stop?.();
      await server.stop();
    }
  });

  it('--dialect, --operator-variant, --operator-version and --apps shape the default devices', async () => {
    let stop: (() => Promise<void>) | undefined;
    try {
      let output = '';
      const command = createVirtualCommand({ onShutdown: (fn) => (stop = fn) });
      const args = [
        'virtual',
        '--dialect',
        'clawperator',
        '--operator-version',
        '0.9.2',
        '--apps',
        'login,slow',
      ];
      expect(
        await runCli([...args, '--json'], { write: (text) => (output += text), cwd: '.' }, [command]),
      ).toBe(0);
      const farm = JSON.parse(output);
      const device = Adb.createClient({ host: farm.adbHost, port: farm.adbPort }).getDevice('virtual-5554');
      const shell = async (line: string) => (await readStream(await device.shell(line))).toString();
      expect(await shell('pm list packages -3')).toBe(
        'package:com.clawperator.operator\npackage:com.droidproof.login\npackage:com.droidproof.slow\n',
      );
      expect(await shell('dumpsys package com.clawperator.operator | grep versionName')).toBe(
        '    versionName=0.9.2\n',
      );
    } finally {
      await stop?.();
    }
  });

  it('--operator-variant both and none', async () => {
    for (const [variant, expected] of [
      ['both', 'package:com.androperator.operator\npackage:com.androperator.operator.dev\n'],
      ['none', ''],
    ]) {
      let stop: (() => Promise<void>) | undefined;
      try {
        let output = '';
        const command = createVirtualCommand({ onShutdown: (fn) => (stop = fn) });
        await runCli(
          ['virtual', '--operator-variant', variant, '--apps', 'none', '--json'],
          {
            write: (text) => (output += text),
            cwd: '.',
          },
          [command],
        );
        const farm = JSON.parse(output);
        const device = Adb.createClient({ host: farm.adbHost, port: farm.adbPort }).getDevice('virtual-5554');
        expect((await readStream(await device.shell('pm list packages -3'))).toString(), variant).toBe(
          expected,
        );
      } finally {
        await stop?.();
      }
    }
  });

  it.each([
    [['--dialect', 'nope'], '--dialect must be androperator or clawperator, got "nope"'],
    [
      ['--apps', 'login,nope'],
      '--apps takes all, none or a comma list of settings, login, player, notifier, shopping, slow, frames, audit, chat; unknown: nope',
    ],
    [['--operator-variant', 'beta'], '--operator-variant must be release, dev, both, none, got "beta"'],
    [['--operator-version', ' '], '--operator-version must be a version name such as 1.4.0, got " "'],
  ])('rejects %j with a usage error', async (flags, message) => {
    let output = '';
    const code = await runCli(['virtual', ...flags], { write: (text) => (output += text), cwd: '.' }, [
      createVirtualCommand({ onShutdown: () => {} }),
    ]);
    expect(code).toBe(1);
    expect(JSON.parse(output)).toMatchObject({ code: 'USAGE', message });
  });
});
