import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVirtualFarm, type VirtualFarm } from '../../src/virtual-device/farm.js';
import { hasAdb, type PrivateAdbServer, startPrivateAdbServer } from './adb-server.js';
import { createFakeDevice, type FakeDevice } from './fake-device.js';

/** The real Debian `adb` CLI and server in front of the virtual adbd. */
describe.skipIf(!hasAdb)('real adb server → virtual adbd', () => {
  let server: PrivateAdbServer;
  let farm: VirtualFarm;
  let serial: string;
  let scratch: string;
  const fakes: FakeDevice[] = [];

  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'droidproof-cli-'));
    server = await startPrivateAdbServer();
    farm = await startVirtualFarm({
      devices: 2,
      adbServerPort: server.port,
      createDevice: (name) => {
        const fake = createFakeDevice(name);
        fakes.push(fake);
        return fake;
      },
    });
    serial = farm.devices[0].adbServerSerial;
  });

  afterAll(async () => {
    await farm?.stop();
    await server?.stop();
    await rm(scratch, { recursive: true, force: true });
  });

  const adb = (...args: string[]) => server.run(['-s', serial, ...args]);

  it('lists connected devices with their banner properties', async () => {
    const { stdout } = await server.run(['devices', '-l']);
    for (const device of farm.devices) {
      expect(stdout.toString()).toMatch(
        new RegExp(
          `^${device.adbServerSerial}\\s+device product:fake_phone model:Fake_Phone device:fake transport_id:\\d+$`,
          'm',
        ),
      );
    }
  });

  it('carries shell exit codes and stderr (shell v2)', async () => {
    expect(await adb('shell', 'echo', 'hi')).toMatchObject({ code: 0, stderr: '' });
    expect((await adb('shell', 'echo', 'hi')).stdout.toString()).toBe('hi\n');
    expect((await adb('shell', 'exit 3')).code).toBe(3);
    expect(await adb('shell', 'fail', 'oops')).toMatchObject({ code: 1, stderr: 'oops\n' });
    expect(await adb('shell', 'nosuch')).toMatchObject({
      code: 127,
      stderr: '/system/bin/sh: nosuch: inaccessible or not found\n',
    });
    expect(fakes[0].commands).toContain('exit 3');
  });

  it('passes stdin to the shell and closes it', async () => {
    const { stdout, code } = await server.run(['-s', serial, 'shell', 'cat'], Buffer.from('from stdin'));
    expect({ out: stdout.toString(), code }).toEqual({ out: 'from stdin', code: 0 });
  });

  it('returns binary-clean exec-out output', async () => {
    const bytes = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
    fakes[0].files.set('/data/local/tmp/all-bytes', { data: bytes, mode: 0o100644, mtime: 0 });
    const { stdout } = await adb('exec-out', 'cat', '/data/local/tmp/all-bytes');
    expect(stdout.equals(bytes)).toBe(true);
  });

  it('pushes and pulls a 3 MB file byte-identical', async () => {
    const data = Buffer.alloc(3_000_000).map((_, i) => (i * 7919) & 0xff);
    await writeFile(join(scratch, 'big.bin'), data);
    expect((await adb('push', join(scratch, 'big.bin'), '/sdcard/big.bin')).code).toBe(0);
    expect(fakes[0].files.get('/sdcard/big.bin')?.data.equals(data)).toBe(true);
    expect((await adb('pull', '/sdcard/big.bin', join(scratch, 'back.bin'))).code).toBe(0);
    expect((await readFile(join(scratch, 'back.bin'))).equals(data)).toBe(true);
    const listing = (await adb('ls', '/sdcard')).stdout.toString();
    expect(listing).toMatch(/^000081a4 002dc6c0 [0-9a-f]{8} big\.bin$/m);
  });

  it('reports sync failures with the real client wording', async () => {
    const missing = await adb('pull', '/nope', join(scratch, 'nope'));
    expect(missing.code).toBe(1);
    expect(`${missing.stdout}${missing.stderr}`).toContain(
      "failed to stat remote object '/nope': No such file or directory",
    );
    await writeFile(join(scratch, 'small.txt'), 'x');
    const readOnly = await adb('push', join(scratch, 'small.txt'), '/system/x');
    expect(readOnly.code).toBe(1);
    expect(`${readOnly.stdout}${readOnly.stderr}`).toContain('Read-only file system');
  });

  it('installs an APK by streamed install (abb_exec)', async () => {
    const apk = Buffer.from('PK\x03\x04 a tiny apk');
    await writeFile(join(scratch, 'app.apk'), apk);
    const { stdout, code } = await adb('install', '-r', join(scratch, 'app.apk'));
    expect({ out: stdout.toString(), code }).toEqual({
      out: 'Performing Streamed Install\nSuccess\n',
      code: 0,
    });
    expect(fakes[0].installs.at(-1)).toEqual({ apk, args: ['-r'] });
    await writeFile(join(scratch, 'bad.apk'), 'not a zip');
    const bad = await adb('install', join(scratch, 'bad.apk'));
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('INSTALL_FAILED_INVALID_APK');
  });

  it('refuses unknown services and answers reverse honestly', async () => {
    expect((await adb('root')).stderr).toContain('closed');
    const reverse = await adb('reverse', 'tcp:8081', 'tcp:8081');
    expect(reverse.code).toBe(1);
    expect(reverse.stderr).toContain('reverse forwarding is not supported');
    expect(await adb('reverse', '--list')).toMatchObject({ code: 0, stderr: '' });
  });

  it('shows a device that drops off as offline and reconnects when it comes back', async () => {
    const device = farm.devices[1];
    const state = async () =>
      (await server.run(['-s', device.adbServerSerial, 'get-state'])).stdout.toString().trim();
    device.goOffline();
    await expect.poll(state, { timeout: 5_000, interval: 50 }).not.toBe('device');
    const shell = await server.run(['-s', device.adbServerSerial, 'shell', 'echo']);
    expect(shell.stderr).toContain('offline');
    device.goOnline();
    await expect.poll(state, { timeout: 15_000, interval: 100 }).toBe('device');
  });
});

describe.skipIf(!hasAdb)('real adb server: auth and feature fallbacks', () => {
  let server: PrivateAdbServer;
  beforeAll(async () => {
    server = await startPrivateAdbServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('shows a device that never accepts the key as unauthorized', async () => {
    const farm = await startVirtualFarm({ devices: 1, auth: 'never', createDevice: createFakeDevice });
    try {
      const address = farm.devices[0].adbServerSerial;
      const connect = await server.run(['connect', address]);
      expect(connect.stdout.toString()).toContain(`failed to authenticate to ${address}`);
      await expect
        .poll(async () => (await server.run(['devices'])).stdout.toString(), { timeout: 5_000 })
        .toContain(`${address}\tunauthorized`);
      expect((await server.run(['-s', address, 'shell', 'echo'])).stderr).toContain('device unauthorized');
    } finally {
      await farm.stop();
    }
  });

  it('accepts any key in accept-any mode', async () => {
    const farm = await startVirtualFarm({
      devices: 1,
      auth: 'accept-any',
      createDevice: createFakeDevice,
      adbServerPort: server.port,
    });
    try {
      const { stdout } = await server.run(['-s', farm.devices[0].adbServerSerial, 'shell', 'echo', 'signed']);
      expect(stdout.toString()).toBe('signed\n');
    } finally {
      await farm.stop();
    }
  });

  it('installs through exec:cmd when the device lacks abb_exec, and loses exit codes without shell_v2', async () => {
    const fakes: FakeDevice[] = [];
    const farm = await startVirtualFarm({
      devices: 1,
      features: ['cmd', 'stat_v2'],
      adbServerPort: server.port,
      createDevice: (name) => {
        fakes.push(createFakeDevice(name));
        return fakes[0];
      },
    });
    const scratch = await mkdtemp(join(tmpdir(), 'droidproof-cli-'));
    try {
      const address = farm.devices[0].adbServerSerial;
      await writeFile(join(scratch, 'app.apk'), 'PK\x03\x04 cmd install');
      const install = await server.run(['-s', address, 'install', '-g', join(scratch, 'app.apk')]);
      expect(install.stdout.toString()).toContain('Success');
      expect(fakes[0].installs[0].args).toEqual(['-g']);
      expect((await server.run(['-s', address, 'shell', 'exit 3'])).code).toBe(0);
    } finally {
      await farm.stop();
      await rm(scratch, { recursive: true, force: true });
    }
  });
});
