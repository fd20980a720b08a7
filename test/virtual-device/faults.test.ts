import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVirtualFarm, type VirtualFarm } from '../../src/virtual-device/farm.js';
import { hasAdb, type PrivateAdbServer, startPrivateAdbServer } from './adb-server.js';
import { Adb } from './adbkit.js';
import { createFakeDevice, type FakeDevice } from './fake-device.js';
import { readStream } from './streams.js';

describe('fault injection', () => {
  let farm: VirtualFarm;
  const fakes: FakeDevice[] = [];
  const client = () => Adb.createClient({ host: farm.adbHost, port: farm.adbPort });
  const device = () => client().getDevice(farm.devices[0].serial);

  beforeAll(async () => {
    farm = await startVirtualFarm({
      devices: 1,
      createDevice: (serial) => {
        fakes.push(createFakeDevice(serial));
        return fakes[0];
      },
    });
  });
  afterAll(() => farm?.stop());

  it('stalls shell output until resumed, losing nothing', async () => {
    farm.devices[0].faults.stallShells();
    const shell = await device().shell('echo held back');
    const received: Buffer[] = [];
    shell.on('data', (chunk: Buffer) => received.push(chunk));
    await expect.poll(() => fakes[0].commands.at(-1)).toBe('echo held back');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(received).toEqual([]);
    farm.devices[0].faults.resumeShells();
    await new Promise((resolve) => shell.once('end', resolve));
    expect(Buffer.concat(received).toString()).toBe('held back\n');
  });

  it('corrupts the next bytes on the wire', async () => {
    farm.devices[0].faults.corrupt(2);
    const out = await readStream(await device().shell('echo abc'));
    expect([...out]).toEqual([0x61 ^ 0xff, 0x62 ^ 0xff, 0x63, 0x0a]);
    expect((await readStream(await device().shell('echo abc'))).toString()).toBe('abc\n');
  });

  it('delays output', async () => {
    farm.devices[0].faults.delay(80);
    const started = performance.now();
    expect((await readStream(await device().shell('echo late'))).toString()).toBe('late\n');
    expect(performance.now() - started).toBeGreaterThanOrEqual(75);
    farm.devices[0].faults.reset();
  });

  it('kills the connection in the middle of a stream', async () => {
    fakes[0].files.set('/sdcard/big', { data: Buffer.alloc(1_000_000, 1), mode: 0o100644, mtime: 0 });
    farm.devices[0].faults.killConnections({ afterBytes: 200_000 });
    const pulled = await readStream(await device().pull('/sdcard/big')).catch((error: Error) => error);
    expect(pulled instanceof Error || pulled.length < 1_000_000).toBe(true);
    expect((await readStream(await device().shell('echo alive'))).toString()).toBe('alive\n');
  });

  it('aborts a streaming shell when the client goes away', async () => {
    const shell = await device().shell('stream');
    await new Promise((resolve) => shell.once('data', resolve));
    const commandCount = fakes[0].commands.length;
    shell.end();
    // The fake's `stream` loop only ends when the abort signal fires; a later command proves the device is free.
    expect((await readStream(await device().shell('echo next'))).toString()).toBe('next\n');
    expect(fakes[0].commands.length).toBe(commandCount + 1);
  });
});

describe.skipIf(!hasAdb)('fault injection through the real adb server', () => {
  let server: PrivateAdbServer;
  let farm: VirtualFarm;
  beforeAll(async () => {
    server = await startPrivateAdbServer();
    farm = await startVirtualFarm({ devices: 1, createDevice: createFakeDevice, adbServerPort: server.port });
  });
  afterAll(async () => {
    await farm?.stop();
    await server?.stop();
  });

  it('a killed transport fails the running command, then the server reconnects', async () => {
    const device = farm.devices[0];
    device.services.fs.write('/sdcard/big', Buffer.alloc(2_000_000, 2), 0o100644, 0);
    device.faults.killConnections({ afterBytes: 300_000 });
    const pull = await server.run(['-s', device.adbServerSerial, 'exec-out', 'cat', '/sdcard/big']);
    expect(pull.stdout.length).toBeLessThan(2_000_000);
    await expect
      .poll(
        async () =>
          (await server.run(['-s', device.adbServerSerial, 'shell', 'echo', 'up'])).stdout.toString(),
        {
          timeout: 15_000,
          interval: 100,
        },
      )
      .toBe('up\n');
  });
});
