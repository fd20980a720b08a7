/**
 * Virtual devices behind a real adb server on a private port and temp HOME
 * (the wire engineer's `startPrivateAdbServer`), with the test apps installed,
 * and a spy receiver per device that records every command broadcast it gets.
 */
import { type ConnectOptions, connectDevice, type Device } from '../../../src/actuator/index.js';
import { type FarmDevice, startVirtualFarm, type VirtualFarm } from '../../../src/virtual-device/farm.js';
import {
  createVirtualDevice,
  type OperatorSetup,
  type VirtualDevice,
} from '../../../src/virtual-device/index.js';
import { TEST_APPS } from '../../../test-apps/index.js';
import { type PrivateAdbServer, startPrivateAdbServer } from '../../virtual-device/adb-server.js';

export const COMMAND_ACTION = 'app.androperator.operator.ACTION_AGENT_COMMAND';
export const OPERATOR = 'com.androperator.operator';

/** One device of the harness. */
export interface HarnessDevice {
  farmDevice: FarmDevice;
  vd: VirtualDevice;
  /** The serial the real adb server shows. */
  serial: string;
  /** Payload extras of every command broadcast delivered to the release Operator, in order. */
  received: string[];
  connect(options?: Omit<ConnectOptions, 'adbPort' | 'serial'>): Promise<Device>;
}

export interface Harness extends HarnessDevice {
  server: PrivateAdbServer;
  farm: VirtualFarm;
  devices: HarnessDevice[];
  stop(): Promise<void>;
}

export async function startHarness(
  options: { devices?: number; operator?: (index: number) => OperatorSetup | undefined } = {},
): Promise<Harness> {
  const server = await startPrivateAdbServer();
  const created: VirtualDevice[] = [];
  const farm = await startVirtualFarm({
    devices: options.devices ?? 1,
    adbServerPort: server.port,
    createDevice: (serial) => {
      const vd = createVirtualDevice({
        serial,
        apps: [...TEST_APPS],
        operator: options.operator?.(created.length),
      });
      created.push(vd);
      return vd;
    },
  });
  const devices = farm.devices.map((farmDevice, index): HarnessDevice => {
    const vd = created[index];
    const received: string[] = [];
    vd.android.broadcasts.register(COMMAND_ACTION, OPERATOR, (intent) => {
      received.push(String(intent.extras.payload));
    });
    const serial = farmDevice.adbServerSerial;
    return {
      farmDevice,
      vd,
      serial,
      received,
      connect: (connectOptions = {}) => connectDevice({ adbPort: server.port, serial, ...connectOptions }),
    };
  });
  return {
    ...devices[0],
    server,
    farm,
    devices,
    async stop() {
      await farm.stop();
      await server.stop();
    },
  };
}

/** How many received payloads carry `commandId`. */
export function dispatchesOf(device: HarnessDevice, commandId: string): number {
  return device.received.filter((payload) => JSON.parse(payload).commandId === commandId).length;
}
