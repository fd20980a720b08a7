import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createFakeDevice } from '../../test/virtual-device/fake-device.js';
import { startVirtualFarm } from './farm.js';

const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.on('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.on('error', () => resolve(true));
  });

describe('startVirtualFarm', () => {
  it('starts devices with stable serials and distinct ports, and stop() closes every port', async () => {
    const farm = await startVirtualFarm({ devices: 3, createDevice: createFakeDevice });
    expect(farm.devices.map((device) => device.serial)).toEqual([
      'virtual-5554',
      'virtual-5556',
      'virtual-5558',
    ]);
    expect(farm.devices.map((device) => device.adbServerSerial)).toEqual(
      farm.devices.map((device) => `127.0.0.1:${device.adbdPort}`),
    );
    const ports = [farm.adbPort, ...farm.devices.map((device) => device.adbdPort)];
    expect(new Set(ports).size).toBe(4);
    await farm.stop();
    for (const port of ports) expect(await refused(port)).toBe(true);
  });

  it('fails with ADB_SERVER_UNREACHABLE when the adb server to register with is not there', async () => {
    const opened: string[] = [];
    const failing = startVirtualFarm({
      devices: 1,
      adbServerPort: 1,
      createDevice: (serial) => {
        opened.push(serial);
        return createFakeDevice(serial);
      },
    });
    await expect(failing).rejects.toMatchObject({ code: 'ADB_SERVER_UNREACHABLE' });
    expect(opened).toEqual(['virtual-5554']);
  });

  it('builds the full virtual device by default', async () => {
    const farm = await startVirtualFarm({ devices: 1 });
    try {
      expect(farm.devices[0].services.serial).toBe('virtual-5554');
      expect(farm.devices[0].services.product.model).not.toBe('');
    } finally {
      await farm.stop();
    }
  });
});
