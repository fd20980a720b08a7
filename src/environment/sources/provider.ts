/**
 * Where leased devices come from. A provider starts (or finds) devices and
 * describes each one so a worker can reach it through an adb server; a remote
 * farm provider fits the same shape.
 */
import type { DeviceDescriptor } from '../lease/protocol.js';

export interface ProvidedDevices {
  devices: DeviceDescriptor[];
  /** Stops whatever the provider started (nothing for attached devices). */
  stop(): Promise<void>;
}

export interface OperatorChoice {
  operatorPackage: string;
  dialect: DeviceDescriptor['dialect'];
}

export interface DeviceProvider {
  readonly name: string;
  start(operator: OperatorChoice): Promise<ProvidedDevices>;
}
