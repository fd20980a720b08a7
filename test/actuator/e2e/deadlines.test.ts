/**
 * Every adb call has a deadline: a peer that accepts and never answers, and
 * a device whose shell stalls, fail with ADB_TIMEOUT instead of hanging, and
 * the connection is usable again once the device answers.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { AdbTransport } from '../../../src/actuator/adb/transport.js';
import { connectDevice } from '../../../src/actuator/connect.js';
import { queryAdbServer } from '../../../src/virtual-device/adb/server-client.js';
import { startVirtualFarm, type VirtualFarm } from '../../../src/virtual-device/farm.js';
import { startSilentPeer } from '../../support/silent-peer.js';

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function silentPeer(): Promise<number> {
  const peer = await startSilentPeer();
  cleanups.push(() => peer.close());
  return peer.port;
}

async function elapsed<T>(work: Promise<T>): Promise<{ error: unknown; ms: number }> {
  const started = Date.now();
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  return { error, ms: Date.now() - started };
}

describe('adb deadlines', () => {
  it('a peer that accepts and never answers: devices and connectDevice fail with ADB_TIMEOUT', async () => {
    const port = await silentPeer();
    const listing = await elapsed(new AdbTransport({ adbPort: port, requestTimeoutMs: 300 }).listDevices());
    expect(listing.error).toMatchObject({
      code: 'ADB_TIMEOUT',
      details: { request: 'host:devices', timeoutMs: 300, adbPort: port },
    });
    expect(listing.ms).toBeGreaterThanOrEqual(290);
    expect(listing.ms).toBeLessThan(5_000);
    const connecting = await elapsed(connectDevice({ adbPort: port, requestTimeoutMs: 300 }));
    expect(connecting.error).toMatchObject({ code: 'ADB_TIMEOUT' });
    // `droidproof virtual --adb-server` registers devices with such a peer through the same kind of query.
    const registering = await elapsed(queryAdbServer({ host: '127.0.0.1', port }, 'host:connect:x', 300));
    expect(registering.error).toMatchObject({ code: 'ADB_TIMEOUT', details: { request: 'host:connect:x' } });
    expect(registering.ms).toBeLessThan(5_000);
  });

  it('a stalled device shell fails its exec with ADB_TIMEOUT and works again once resumed', async () => {
    const farm: VirtualFarm = await startVirtualFarm({ devices: 1 });
    cleanups.push(() => farm.stop());
    const transport = new AdbTransport({ adbHost: farm.adbHost, adbPort: farm.adbPort });
    const shell = transport.device(farm.devices[0].serial);
    farm.devices[0].faults.stallShells();
    const stalled = await elapsed(shell.exec('echo held', { timeoutMs: 300 }));
    expect(stalled.error).toMatchObject({
      code: 'ADB_TIMEOUT',
      details: { serial: farm.devices[0].serial, request: 'echo held', timeoutMs: 300 },
    });
    expect(stalled.ms).toBeLessThan(5_000);
    farm.devices[0].faults.resumeShells();
    expect((await shell.exec('echo back')).toString()).toBe('back\n');
  });
});
