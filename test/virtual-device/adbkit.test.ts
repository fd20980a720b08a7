import { Readable } from 'node:stream';
import type { Client, Device } from '@devicefarmer/adbkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FarmDevice, startVirtualFarm, type VirtualFarm } from '../../src/virtual-device/farm.js';
import { hasAdb, type PrivateAdbServer, startPrivateAdbServer } from './adb-server.js';
import { Adb, type LogcatEntry } from './adbkit.js';
import { createFakeDevice, type FakeDevice } from './fake-device.js';
import { nextEvent, readStream } from './streams.js';

interface Route {
  name: string;
  needsAdb: boolean;
  /** Where adbkit connects, and the serial it knows a device by. */
  setUp(
    farm: VirtualFarm,
    server?: PrivateAdbServer,
  ): { client: Client; serialOf(device: FarmDevice): string };
}

const routes: Route[] = [
  {
    name: 'adbkit → real adb server → virtual adbd',
    needsAdb: true,
    setUp: (_farm, server) => ({
      client: Adb.createClient({ host: '127.0.0.1', port: server!.port }),
      serialOf: (device) => device.adbServerSerial,
    }),
  },
  {
    name: 'adbkit → droidproof host front end',
    needsAdb: false,
    setUp: (farm) => ({
      client: Adb.createClient({ host: farm.adbHost, port: farm.adbPort }),
      serialOf: (device) => device.serial,
    }),
  },
];

describe.each(routes)('$name', (route) => {
  let server: PrivateAdbServer | undefined;
  let farm: VirtualFarm;
  let client: Client;
  let serialOf: (device: FarmDevice) => string;
  const fakes: FakeDevice[] = [];

  beforeAll(async () => {
    if (route.needsAdb && !hasAdb) return;
    if (route.needsAdb) server = await startPrivateAdbServer();
    farm = await startVirtualFarm({
      devices: 2,
      adbServerPort: server?.port,
      createDevice: (serial) => {
        const fake = createFakeDevice(serial);
        fakes.push(fake);
        return fake;
      },
    });
    ({ client, serialOf } = route.setUp(farm, server));
  });

  afterAll(async () => {
    await farm?.stop();
    await server?.stop();
  });

  const skip = route.needsAdb && !hasAdb;
  const device = () => client.getDevice(serialOf(farm.devices[0]));

  it.skipIf(skip)('lists the devices', async () => {
    const listed = await client.listDevices();
    expect(listed).toEqual(
      expect.arrayContaining(farm.devices.map((d) => ({ id: serialOf(d), type: 'device' }))),
    );
    expect(await device().getState()).toBe('device');
  });

  it.skipIf(skip)('runs shell commands and reads properties', async () => {
    expect((await readStream(await device().shell('echo hello'))).toString()).toBe('hello\n');
    expect((await readStream(await device().shell(['echo', "it's"]))).toString()).toBe("it's\n");
    expect(await device().getProperties()).toEqual({ 'ro.product.model': 'Fake Phone' });
  });

  it.skipIf(skip)('pushes, stats, lists and pulls files', async () => {
    const data = Buffer.alloc(1_000_000).map((_, i) => (i * 31) & 0xff);
    const transfer = await device().push(Readable.from([data], { objectMode: false }), '/sdcard/kit.bin');
    await nextEvent(transfer, 'end');
    expect(fakes[0].files.get('/sdcard/kit.bin')?.data.equals(data)).toBe(true);
    expect((await device().stat('/sdcard/kit.bin')).size).toBe(data.length);
    expect((await device().readdir('/sdcard')).map((entry: { name: string }) => entry.name)).toContain(
      'kit.bin',
    );
    expect((await readStream(await device().pull('/sdcard/kit.bin'))).equals(data)).toBe(true);
  });

  it.skipIf(skip)('parses binary logcat records through openLogcat', async () => {
    const logcat = await device().openLogcat();
    const entries: LogcatEntry[] = [];
    logcat.on('entry', (entry: LogcatEntry) => entries.push(entry));
    await expect.poll(() => entries.length).toBeGreaterThanOrEqual(2);
    logcat.end();
    const [first, second] = entries;
    const index = Number(first.message.split(' ')[1]);
    const expected = (i: number) => [i % 2 ? 6 : 4, 'FakeTag', `message ${i}`, 1234];
    expect(
      [first, second].map((entry: LogcatEntry) => [entry.priority, entry.tag, entry.message, entry.pid]),
    ).toEqual([expected(index), expected(index + 1)]);
  });

  it.skipIf(skip)('tracks a device going offline and coming back', async () => {
    const tracker = await client.trackDevices();
    try {
      const target = farm.devices[1];
      const id = serialOf(target);
      const gone = route.needsAdb
        ? nextEvent(tracker, 'change', (d: Device) => d.id === id && d.type === 'offline')
        : nextEvent(tracker, 'remove', (d: Device) => d.id === id);
      target.goOffline();
      await gone;
      const back = route.needsAdb
        ? nextEvent(tracker, 'change', (d: Device) => d.id === id && d.type === 'device')
        : nextEvent(tracker, 'add', (d: Device) => d.id === id && d.type === 'device');
      target.goOnline();
      await back;
      expect((await readStream(await client.getDevice(id).shell('echo back'))).toString()).toBe('back\n');
    } finally {
      tracker.end();
    }
  });
});
