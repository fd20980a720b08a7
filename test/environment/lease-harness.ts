/**
 * Brokers and lease clients for lease tests: every one is stopped after the test that started it.
 * Importing this module registers that cleanup with the importing test file.
 */
import { afterEach } from 'vitest';
import { LeaseBroker, type LeaseBrokerOptions, type LeaseEvent } from '../../src/environment/lease/broker.js';
import { LeaseClient } from '../../src/environment/lease/client.js';
import type { BrokerAddress, DeviceDescriptor } from '../../src/environment/lease/protocol.js';

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Runs `cleanup` after the current test, after those registered later. */
export function onTestEnd(cleanup: () => unknown): void {
  cleanups.push(cleanup);
}

export const device = (serial: string): DeviceDescriptor => ({
  serial,
  adbHost: '127.0.0.1',
  adbPort: 5037,
  operatorPackage: 'com.androperator.operator',
  dialect: 'androperator',
  source: 'test',
});

export async function startBroker(
  options: LeaseBrokerOptions,
): Promise<{ broker: LeaseBroker; address: BrokerAddress }> {
  const broker = new LeaseBroker(options);
  const address = await broker.listen();
  onTestEnd(() => broker.close());
  return { broker, address };
}

export async function client(address: BrokerAddress, label: string): Promise<LeaseClient> {
  const c = await LeaseClient.connect(address, { pid: process.pid, label });
  onTestEnd(() => c.close());
  return c;
}

export function nextEvent(broker: LeaseBroker, match: (event: LeaseEvent) => boolean): Promise<LeaseEvent> {
  return new Promise((resolve) => {
    const off = broker.onEvent((event) => {
      if (match(event)) {
        off();
        resolve(event);
      }
    });
  });
}
