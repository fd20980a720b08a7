/**
 * The device pool in one process: devices that fail doctor are quarantined
 * with their reason and the run continues on the others; with no healthy
 * device an acquire fails at once with NO_HEALTHY_DEVICES; the adb source
 * narrows attached devices by serials, ANDROID_SERIAL and a predicate.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { connectDevice } from '../../src/actuator/connect.js';
import { LeaseClient } from '../../src/environment/lease/client.js';
import { parseOptions } from '../../src/environment/options.js';
import { type DevicePool, startDevicePool } from '../../src/environment/pool/device-pool.js';
import { adbSource } from '../../src/environment/sources/adb.js';
import type { DeviceProvider } from '../../src/environment/sources/provider.js';
import { virtualSource } from '../../src/environment/sources/virtual.js';
import { startVirtualFarm, type VirtualFarm } from '../../src/virtual-device/farm.js';
import { createVirtualDevice } from '../../src/virtual-device/index.js';
import { hasAdb, startPrivateAdbServer } from '../virtual-device/adb-server.js';

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A farm where the devices named in `broken` have no Operator installed. */
async function farmWith(count: number, broken: readonly number[]): Promise<VirtualFarm> {
  let index = 0;
  const farm = await startVirtualFarm({
    devices: count,
    createDevice: (serial) =>
      createVirtualDevice({ serial, operator: { faults: { notInstalled: broken.includes(index++) } } }),
  });
  cleanups.push(() => farm.stop());
  return farm;
}

function farmProvider(farm: VirtualFarm): DeviceProvider {
  return adbSource({ adbHost: farm.adbHost, adbPort: farm.adbPort, env: {} });
}

async function pool(farm: VirtualFarm, options: unknown = {}): Promise<DevicePool> {
  const started = await startDevicePool(parseOptions(options), farmProvider(farm));
  cleanups.push(() => started.stop());
  return started;
}

async function client(started: DevicePool): Promise<LeaseClient> {
  const c = await LeaseClient.connect(started.address, { pid: process.pid, label: 'test worker' });
  cleanups.push(() => c.close());
  return c;
}

describe('device pool', () => {
  it('quarantines a device that fails doctor, with its reason, and leases the healthy one', async () => {
    const farm = await farmWith(2, [0]);
    const started = await pool(farm);
    const [one, two] = [await client(started), await client(started)];
    const lease = await one.acquire(10_000);
    expect(lease.device.serial).toBe(farm.devices[1].serial);
    const quarantined = started.broker.slotsView().find((slot) => slot.serial === farm.devices[0].serial);
    expect(quarantined?.state).toBe('quarantined');
    expect(quarantined?.quarantineReason).toMatch(/doctor failed: .*OPERATOR_NOT_INSTALLED|apk/i);
    // The second worker waits for the one healthy device and gets it when it is released.
    const waiting = two.acquire(10_000);
    await lease.release();
    expect((await waiting).device.serial).toBe(farm.devices[1].serial);
  }, 30_000);

  it('fails an acquire with NO_HEALTHY_DEVICES when every device is quarantined, without waiting', async () => {
    const farm = await farmWith(2, [0, 1]);
    const started = await pool(farm);
    const started_at = Date.now();
    await expect((await client(started)).acquire(20_000)).rejects.toMatchObject({
      code: 'NO_HEALTHY_DEVICES',
    });
    expect(Date.now() - started_at).toBeLessThan(10_000);
  }, 30_000);

  it('quarantines a device where the app under test is not installed, naming the app', async () => {
    const farm = await farmWith(1, []);
    const missing = await pool(farm, { app: { applicationId: 'com.example.missing' } });
    await expect((await client(missing)).acquire(10_000)).rejects.toMatchObject({
      code: 'NO_HEALTHY_DEVICES',
    });
    expect(missing.broker.slotsView()[0]?.quarantineReason).toBe(
      'the app under test com.example.missing is not installed on the device (pm path answered "(nothing)")',
    );
    await missing.stop();
    for (const clearData of ['never', 'test'] as const) {
      const present = await pool(farm, { app: { applicationId: 'com.droidproof.settings', clearData } });
      const lease = await (await client(present)).acquire(10_000);
      expect(lease.device.serial).toBe(farm.devices[0].serial);
      await present.stop();
    }
  }, 30_000);

  it('the adb source keeps devices in state `device`, narrowed by serials, ANDROID_SERIAL and a filter', async () => {
    const farm = await farmWith(3, []);
    const [a, b, c] = farm.devices.map((d) => d.serial);
    const serials = async (source: DeviceProvider) => {
      const provided = await source.start({
        operatorPackage: 'com.androperator.operator',
        dialect: 'androperator',
      });
      return provided.devices.map((d) => d.serial).sort();
    };
    const base = { adbHost: farm.adbHost, adbPort: farm.adbPort };
    expect(await serials(adbSource({ ...base, env: {} }))).toEqual([a, b, c]);
    expect(await serials(adbSource({ ...base, serials: [a, c], env: {} }))).toEqual([a, c]);
    expect(await serials(adbSource({ ...base, env: { ANDROID_SERIAL: b } }))).toEqual([b]);
    expect(await serials(adbSource({ ...base, filter: (d) => d.serial !== a, env: {} }))).toEqual([b, c]);
    farm.devices[2].goOffline({ listed: true });
    expect(await serials(adbSource({ ...base, env: {} }))).toEqual([a, b]);
    await expect(
      adbSource({ ...base, serials: ['nope'], env: {} }).start({
        operatorPackage: 'x',
        dialect: 'androperator',
      }),
    ).rejects.toMatchObject({
      code: 'NO_DEVICES',
    });
  }, 30_000);

  it.skipIf(!hasAdb)(
    'the virtual source can register its devices with a real adb server instead',
    async () => {
      const server = await startPrivateAdbServer();
      cleanups.push(() => server.stop());
      const started = await startDevicePool(
        parseOptions({ devices: { source: 'virtual', count: 1, adbServerPort: server.port } }),
        virtualSource({ count: 1, adbServerPort: server.port }),
      );
      cleanups.push(() => started.stop());
      const lease = await (await client(started)).acquire(10_000);
      expect(lease.device).toMatchObject({
        adbPort: server.port,
        serial: expect.stringMatching(/^127\.0\.0\.1:\d+$/),
      });
      const listed = await server.run(['devices']);
      expect(listed.stdout.toString()).toContain(`${lease.device.serial}\tdevice`);
      const device = await connectDevice(lease.device);
      cleanups.push(() => device.close());
      await device.openApp('com.droidproof.settings');
      await expect(device.readText({ resourceId: 'com.droidproof.settings:id/toolbar_title' })).resolves.toBe(
        'Settings',
      );
    },
    30_000,
  );
});
