/**
 * Where leased devices come from. A provider starts (or finds) devices and
 * describes each one so a worker can reach it through an adb server; a remote
 * farm provider fits the same shape.
 */
import type { RunIncident } from '../../evidence/report/run-model.js';
import type { DeviceDescriptor } from '../lease/protocol.js';

export interface ProvidedDevices {
  devices: DeviceDescriptor[];
  /**
   * Runs before each hand-out, ahead of the pool's readiness check: the provider's own check of the
   * device (a remote device is reconnected here). Throwing quarantines the device.
   */
  prepare?(device: DeviceDescriptor): Promise<void>;
  /** What happened to the provider's devices during the run (reconnects, quarantines), for the report. */
  incidents?(): RunIncident[];
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
