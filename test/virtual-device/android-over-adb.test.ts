import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVirtualAndroid, type VirtualAndroid } from '../../src/virtual-device/android/index.js';
import {
  type DevicesOnAdbServer,
  hasAdb,
  type PrivateAdbServer,
  startDeviceOnAdbServer,
} from './adb-server.js';
import { Adb, type LogcatEntry } from './adbkit.js';
import { readStream } from './streams.js';

/** The emulated Android behind the wire layer: what real clients see end to end. */
describe.skipIf(!hasAdb)('emulated Android over the adb wire', () => {
  let setup: DevicesOnAdbServer;
  let server: PrivateAdbServer;
  let farm: DevicesOnAdbServer['farm'];
  let serial: string;
  let android: VirtualAndroid;

  beforeAll(async () => {
    setup = await startDeviceOnAdbServer((name) => {
      android = createVirtualAndroid({ serial: name });
      return android;
    });
    ({ server, farm, serial } = setup);
  });
  afterAll(() => setup?.stop());

  it('answers getprop and exit codes through the adb CLI', async () => {
    const sdk = await server.run(['-s', serial, 'shell', 'getprop', 'ro.build.version.sdk']);
    expect(sdk).toMatchObject({ code: 0 });
    expect(sdk.stdout.toString()).toMatch(/^\d+\n$/);
    expect((await server.run(['-s', serial, 'shell', 'nosuchcommand'])).code).toBe(127);
  });

  it('streams a PNG of the display size through exec-out screencap -p', async () => {
    const { stdout } = await server.run(['-s', serial, 'exec-out', 'screencap', '-p']);
    const size = (await server.run(['-s', serial, 'shell', 'wm', 'size'])).stdout.toString();
    const [, width, height] = /(\d+)x(\d+)/.exec(size) ?? [];
    const meta = await sharp(stdout).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', Number(width), Number(height)]);
  });

  it('dumps logcat through the adb CLI', async () => {
    android.logcat.write({ tag: 'DumpTest', message: 'in the dump' });
    const dump = await server.run(['-s', serial, 'logcat', '-d']);
    expect(dump.code).toBe(0);
    expect(dump.stdout.toString()).toMatch(/ I DumpTest *: in the dump\n/);
  });

  it.each(['real adb server', 'host front end'])(
    'serves adbkit via the %s: properties, screencap, binary logcat',
    async (route) => {
      const viaServer = route === 'real adb server';
      const client = viaServer
        ? Adb.createClient({ host: '127.0.0.1', port: server.port })
        : Adb.createClient({ host: farm.adbHost, port: farm.adbPort });
      const device = client.getDevice(viaServer ? serial : farm.devices[0].serial);
      expect((await device.getProperties())['ro.build.version.sdk']).toMatch(/^\d+$/);
      const png = await readStream(await device.screencap());
      expect((await sharp(png).metadata()).format).toBe('png');
      const logcat = await device.openLogcat();
      const entries: LogcatEntry[] = [];
      logcat.on('entry', (entry: LogcatEntry) => entries.push(entry));
      android.logcat.write({ tag: 'WireTest', message: `through the ${route}`, priority: 'W' });
      const mine = () => entries.find((entry) => entry.message === `through the ${route}`);
      await expect.poll(mine, { timeout: 5_000 }).toBeDefined();
      logcat.end();
      expect(mine()).toMatchObject({ priority: 5, tag: 'WireTest' });
    },
  );
});
