import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
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
    child = spawn(process.execPath, ['--import', 'tsx', main, 'virtual', '--devices', '2', '--json'], {
      stdio: ['ignore', 'pipe', 'inherit'],
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
});
