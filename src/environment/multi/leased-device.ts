/** A leased device, connected: the actuator's `Device` and the shell the per-test reset uses. */
import type { DeviceShell } from '../../actuator/adb/device-shell.js';
import { AdbTransport } from '../../actuator/adb/transport.js';
import { connectDevice } from '../../actuator/connect.js';
import type { Device } from '../../actuator/device/device.js';
import type { DeviceDescriptor } from '../lease/protocol.js';

export interface ConnectedDevice {
  device: Device;
  shell: DeviceShell;
}

export async function connectLeasedDevice(descriptor: DeviceDescriptor): Promise<ConnectedDevice> {
  const { serial, adbHost, adbPort, operatorPackage, dialect } = descriptor;
  const device = await connectDevice({ serial, adbHost, adbPort, operatorPackage, dialect });
  return { device, shell: new AdbTransport({ adbHost, adbPort }).device(serial) };
}
