/** A leased device, connected: the `Device` tests drive and the shell the per-test reset uses. */
import type { DeviceShell } from '../../actuator/adb/device-shell.js';
import { AdbTransport } from '../../actuator/adb/transport.js';
import { connectDevice } from '../../actuator/connect.js';
import type { DeviceDescriptor } from '../lease/protocol.js';
import { type TestDevice, toTestDevice } from '../worker/test-device.js';

export interface ConnectedDevice {
  device: TestDevice;
  shell: DeviceShell;
}

export async function connectLeasedDevice(descriptor: DeviceDescriptor): Promise<ConnectedDevice> {
  const { serial, adbHost, adbPort, operatorPackage, dialect } = descriptor;
  const device = await connectDevice({ serial, adbHost, adbPort, operatorPackage, dialect });
  return { device: toTestDevice(device), shell: new AdbTransport({ adbHost, adbPort }).device(serial) };
}
