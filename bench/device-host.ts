/**
 * The bench's device in a process of its own, as in a real run: the built-in
 * farm lives in the test runner's main process and tests run in workers (and a
 * phone has its own CPU). It starts a real adb server and one virtual device
 * with the bench apps, and answers requests over IPC; none of them touch adb:
 *
 * - `tick`: changes what an app shows (`changeScreen`), as a timer would;
 * - `cpu`: this process's CPU time so far (µs), to split a call's cost;
 * - `work-reset`, `work`: the device's work counters (adb commands, programs).
 *
 * `startDeviceHost()` forks it and gives the bench a typed handle.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import type { DeviceWork } from '../src/virtual-device/adb/work-counter.js';
import { createVirtualDevice, type VirtualDevice } from '../src/virtual-device/device.js';
import { startVirtualFarm } from '../src/virtual-device/farm.js';
import { startPrivateAdbServer } from '../test/virtual-device/adb-server.js';
import { TEST_APPS } from '../test-apps/index.js';
import { changeScreen, listApp } from './screen-app.js';

type Ask = { kind: 'tick'; packageName: string } | { kind: 'cpu' | 'work-reset' | 'work' };
type Request = Ask & { id: number };
type Reply = { id: number; value: unknown };

export interface DeviceHost {
  readonly adbPort: number;
  readonly serial: string;
  /** Changes what `packageName` shows, without adb traffic. */
  tick(packageName: string): Promise<void>;
  /** CPU time (user + system, µs) the device process has used so far. */
  cpuMicros(): Promise<number>;
  resetWork(): Promise<void>;
  work(): Promise<DeviceWork>;
  stop(): Promise<void>;
}

/** Forks the device process with `apps` (list apps of that many rows) and waits until its device is online. */
export async function startDeviceHost(apps: Record<string, number>): Promise<DeviceHost> {
  const child = fork(import.meta.filename, [JSON.stringify(apps)], { execArgv: ['--import', 'tsx'] });
  const [ready] = (await once(child, 'message')) as [{ adbPort: number; serial: string }];
  return hostHandle(child, ready);
}

function hostHandle(child: ChildProcess, ready: { adbPort: number; serial: string }): DeviceHost {
  let next = 0;
  const pending = new Map<number, (value: unknown) => void>();
  child.on('message', (reply: Reply) => {
    pending.get(reply.id)?.(reply.value);
    pending.delete(reply.id);
  });
  const ask = <T>(request: Ask): Promise<T> =>
    new Promise((resolve) => {
      const id = next++;
      pending.set(id, resolve as (value: unknown) => void);
      child.send({ ...request, id });
    });
  return {
    ...ready,
    tick: (packageName) => ask({ kind: 'tick', packageName }),
    cpuMicros: () => ask({ kind: 'cpu' }),
    resetWork: () => ask({ kind: 'work-reset' }),
    work: () => ask({ kind: 'work' }),
    async stop() {
      const exited = once(child, 'exit');
      child.disconnect();
      await exited;
    },
  };
}

async function serve(apps: Record<string, number>): Promise<void> {
  const server = await startPrivateAdbServer();
  let vd!: VirtualDevice;
  const farm = await startVirtualFarm({
    devices: 1,
    adbServerPort: server.port,
    createDevice: (serial) => {
      vd = createVirtualDevice({
        serial,
        apps: [...TEST_APPS, ...Object.entries(apps).map(([name, rows]) => listApp(name, rows))],
      });
      return vd;
    },
  });
  const device = farm.devices[0]!;
  const answer = (request: Request): unknown => {
    switch (request.kind) {
      case 'tick':
        return changeScreen(vd, request.packageName);
      case 'cpu': {
        const { user, system } = process.cpuUsage();
        return user + system;
      }
      case 'work-reset':
        return device.work.reset();
      case 'work':
        return device.work.snapshot();
    }
  };
  process.on('message', (request: Request) =>
    process.send?.({ id: request.id, value: answer(request) ?? null }),
  );
  process.once('disconnect', () => void farm.stop().then(() => server.stop()));
  process.send?.({ adbPort: server.port, serial: device.adbServerSerial });
}

if (process.send !== undefined && import.meta.filename === process.argv[1])
  await serve(JSON.parse(process.argv[2]!));
