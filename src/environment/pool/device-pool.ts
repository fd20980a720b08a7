/**
 * The run's device pool, started once in the test runner's main process by
 * global setup: the device source, the readiness hook and the lease broker.
 * It remembers workers that died holding a device, so the run can say which
 * test was running when they did.
 */

import { resolveDialect, selectOperatorPackage } from '../../contract/dialect.js';
import type { RunIncident } from '../../evidence/report/run-model.js';
import { runningTest } from '../holder.js';
import { LeaseBroker, type LeaseEvent } from '../lease/broker.js';
import type { BrokerAddress, DeviceDescriptor } from '../lease/protocol.js';
import type { DroidproofOptions } from '../options.js';
import { type DeviceProvider, deviceProvider } from '../sources/index.js';
import { deviceReadiness } from './readiness.js';

/** A worker whose connection dropped while it held a device (crash, kill -9). */
export interface WorkerDeath {
  serial: string;
  pid: number;
  worker: string;
  /** The test the worker was running, as it last told the broker. */
  test: string;
  atMs: number;
  /** When the device was leased again, if it was. */
  leasedAgainAtMs?: number;
}

export interface DevicePool {
  address: BrokerAddress;
  broker: LeaseBroker;
  devices: readonly DeviceDescriptor[];
  deaths: readonly WorkerDeath[];
  /** The device source's incidents so far (a remote device reconnected or quarantined). */
  sourceIncidents(): RunIncident[];
  stop(): Promise<void>;
}

export async function startDevicePool(
  options: DroidproofOptions,
  provider: DeviceProvider = deviceProvider(options.devices),
): Promise<DevicePool> {
  const dialect = options.operator.dialect;
  const operatorPackage = selectOperatorPackage(resolveDialect(dialect), options.operator.package);
  const provided = await provider.start({ operatorPackage, dialect });
  const readiness = deviceReadiness(options.app);
  const broker = new LeaseBroker({
    devices: provided.devices,
    prepare: async (device) => {
      await provided.prepare?.(device);
      return readiness.prepare(device);
    },
  });
  const deaths: WorkerDeath[] = [];
  broker.onEvent((event) => recordDeath(deaths, event));
  let address: BrokerAddress;
  try {
    address = await broker.listen();
  } catch (error) {
    await provided.stop();
    throw error;
  }
  return {
    address,
    broker,
    devices: provided.devices,
    deaths,
    sourceIncidents: () => provided.incidents?.() ?? [],
    async stop() {
      await broker.close();
      readiness.close();
      await provided.stop();
    },
  };
}

function recordDeath(deaths: WorkerDeath[], event: LeaseEvent): void {
  const test = event.type === 'released' ? runningTest(event.holder) : undefined;
  if (event.type === 'released' && event.reason === 'worker-disconnected' && test !== undefined) {
    deaths.push({
      serial: event.serial,
      pid: event.worker.pid,
      worker: event.worker.label,
      test,
      atMs: event.atMs,
    });
  } else if (event.type === 'granted') {
    const death = deaths.find((d) => d.serial === event.serial && d.leasedAgainAtMs === undefined);
    if (death) death.leasedAgainAtMs = event.atMs;
  }
}
