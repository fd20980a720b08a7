/**
 * The `remote` device source against the real adb server (own port and
 * HOME): virtual devices exposed as adbd TCP endpoints, the way a device farm
 * exposes phones. droidproof `adb connect`s them and leases them; a device
 * the server lost is reconnected before its next hand-out; one that cannot be
 * reached, or keeps dropping, is quarantined with a typed code; each of these
 * is a run incident.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LeaseClient } from '../../src/environment/lease/client.js';
import { parseOptions, remoteEndpoints } from '../../src/environment/options.js';
import { type DevicePool, startDevicePool } from '../../src/environment/pool/device-pool.js';
import { startVirtualFarm, type VirtualFarm } from '../../src/virtual-device/farm.js';
import {
  freePort,
  hasAdb,
  type PrivateAdbServer,
  startPrivateAdbServer,
} from '../virtual-device/adb-server.js';
import { ensureBuilt, runCli, tempDir } from './helpers.js';

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A farm whose devices are only adbd endpoints (not registered anywhere), and a private adb server. */
async function setup(
  count: number,
): Promise<{ farm: VirtualFarm; server: PrivateAdbServer; endpoints: string[] }> {
  const server = await startPrivateAdbServer();
  cleanups.push(() => server.stop());
  const farm = await startVirtualFarm({ devices: count });
  cleanups.push(() => farm.stop());
  return { farm, server, endpoints: farm.devices.map((d) => `127.0.0.1:${d.adbdPort}`) };
}

async function pool(server: PrivateAdbServer, endpoints: string[], extra: object = {}): Promise<DevicePool> {
  const options = parseOptions({
    devices: {
      source: 'remote',
      endpoints,
      adbPort: server.port,
      reconnect: { attempts: 2, backoffMs: 20, readyMs: 5_000 },
      ...extra,
    },
  });
  const started = await startDevicePool(options);
  cleanups.push(() => started.stop());
  return started;
}

async function client(started: DevicePool): Promise<LeaseClient> {
  const c = await LeaseClient.connect(started.address, { pid: process.pid, label: 'test worker' });
  cleanups.push(() => c.close());
  return c;
}

/** `adb devices` of the server: serial → state. */
async function listed(server: PrivateAdbServer): Promise<Record<string, string>> {
  const { stdout } = await server.run(['devices']);
  return Object.fromEntries(
    stdout
      .toString()
      .split('\n')
      .slice(1)
      .map((line) => line.trim().split(/\s+/))
      .filter((parts) => parts.length === 2),
  );
}

async function until(condition: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.skipIf(!hasAdb)('remote device source', () => {
  it('adb connects every endpoint, leases them, and disconnects them when the run ends', async () => {
    const { server, endpoints } = await setup(2);
    const started = await pool(server, endpoints);
    expect(started.devices.map((d) => [d.serial, d.source, d.adbPort])).toEqual(
      endpoints.map((e) => [e, 'remote', server.port]),
    );
    expect(await listed(server)).toEqual(Object.fromEntries(endpoints.map((e) => [e, 'device'])));
    const [one, two] = [await client(started), await client(started)];
    const leases = await Promise.all([one.acquire(10_000), two.acquire(10_000)]);
    expect(leases.map((l) => l.device.serial).sort()).toEqual([...endpoints].sort());
    // Doctor ran over the network transport before the hand-out.
    expect(leases[0]!.device.operatorVersion).toMatch(/^\d+\.\d+\.\d+/);
    await started.stop();
    expect(await listed(server)).toEqual({});
  }, 60_000);

  it('reconnects a device the server lost before its next hand-out, and quarantines it after maxDrops', async () => {
    const { server, endpoints } = await setup(1);
    const [endpoint] = endpoints as [string];
    const started = await pool(server, endpoints, { maxDrops: 1 });
    const worker = await client(started);
    await (await worker.acquire(10_000)).release();
    // The farm's network blip: the server forgets the transport.
    await server.run(['disconnect', endpoint]);
    expect(await listed(server)).toEqual({});
    const again = await worker.acquire(10_000);
    expect(again.device.serial).toBe(endpoint);
    expect(await listed(server)).toEqual({ [endpoint]: 'device' });
    expect(started.sourceIncidents()).toEqual([
      {
        kind: 'device-reconnected',
        device: endpoint,
        message: `${endpoint} was gone from the adb server before a hand-out and was reconnected (drop 1 of at most 1)`,
      },
    ]);
    await again.release();
    await server.run(['disconnect', endpoint]);
    await expect(worker.acquire(10_000)).rejects.toMatchObject({ code: 'NO_HEALTHY_DEVICES' });
    expect(started.broker.slotsView()[0]).toMatchObject({
      state: 'quarantined',
      quarantineReason: `${endpoint} dropped 2 times in this run (maxDrops 1)`,
    });
    expect(started.sourceIncidents()[1]).toMatchObject({
      kind: 'device-quarantined',
      code: 'REMOTE_DEVICE_FLAPPING',
      device: endpoint,
    });
  }, 60_000);

  it('reconnects a device that went offline and came back (the farm unplugged it)', async () => {
    const { farm, server, endpoints } = await setup(1);
    const [endpoint] = endpoints as [string];
    const started = await pool(server, endpoints);
    const worker = await client(started);
    await (await worker.acquire(10_000)).release();
    farm.devices[0]!.goOffline();
    await until(async () => (await listed(server))[endpoint] === 'offline', `${endpoint} offline`);
    // The server's own retry of an offline TCP device waits about a second; the hand-out checks at once.
    farm.devices[0]!.goOnline();
    const lease = await worker.acquire(20_000);
    expect(lease.device.serial).toBe(endpoint);
    expect(await listed(server)).toEqual({ [endpoint]: 'device' });
    expect(started.sourceIncidents()).toEqual([
      expect.objectContaining({
        kind: 'device-reconnected',
        message: expect.stringContaining(`${endpoint} was offline before a hand-out and was reconnected`),
      }),
    ]);
  }, 60_000);

  it('quarantines an unreachable device with REMOTE_DEVICE_UNREACHABLE and leases the other one', async () => {
    const { farm, server, endpoints } = await setup(2);
    const [a, b] = endpoints as [string, string];
    const started = await pool(server, endpoints, {
      reconnect: { attempts: 1, backoffMs: 0, readyMs: 5_000 },
    });
    farm.devices[0]!.goOffline();
    await until(async () => (await listed(server))[a] === 'offline', `${a} offline`);
    // The offline adbd accepts and drops each connection: the server gives up on the attempt after its own
    // connect timeout (about 10 s), so the hand-out waits that long.
    const lease = await (await client(started)).acquire(40_000);
    expect(lease.device.serial).toBe(b);
    const slot = started.broker.slotsView().find((s) => s.serial === a);
    expect(slot?.state).toBe('quarantined');
    expect(slot?.quarantineReason).toMatch(new RegExp(`^${a}: 1 connect attempt\\(s\\) failed`));
    expect(started.sourceIncidents()).toEqual([
      expect.objectContaining({ kind: 'device-quarantined', code: 'REMOTE_DEVICE_UNREACHABLE', device: a }),
    ]);
    // Given up on: the server no longer retries it in the background.
    expect(Object.keys(await listed(server))).toEqual([b]);
  }, 90_000);

  it('leaves out an endpoint nobody answers at the start, and fails with NO_DEVICES when none answers', async () => {
    const { server, endpoints } = await setup(1);
    const closed = `127.0.0.1:${await freePort()}`;
    const started = await pool(server, [closed, ...endpoints]);
    expect(started.devices.map((d) => d.serial)).toEqual(endpoints);
    expect(started.sourceIncidents()).toEqual([
      expect.objectContaining({
        kind: 'device-quarantined',
        code: 'REMOTE_DEVICE_UNREACHABLE',
        device: closed,
      }),
    ]);
    await expect(pool(server, [closed])).rejects.toMatchObject({ code: 'NO_DEVICES' });
  }, 60_000);
});

describe.skipIf(!hasAdb)('a Vitest run on remote devices', () => {
  beforeAll(ensureBuilt, 180_000);

  it('leases the endpoints in DROIDPROOF_REMOTE_DEVICES and reports the one that did not answer', async () => {
    const { server, endpoints } = await setup(1);
    const closed = `127.0.0.1:${await freePort()}`;
    const report = join(await tempDir('droidproof-remote-'), 'report');
    const run = await runCli(
      'vitest',
      ['run', '--config', 'test/environment/fixtures/remote/vitest.config.ts'],
      {
        DROIDPROOF_REPORT_DIR: report,
        DROIDPROOF_REMOTE_DEVICES: `${closed},${endpoints[0]}`,
        ANDROID_ADB_SERVER_PORT: String(server.port),
      },
    );
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain(
      `droidproof: ${closed}: 1 connect attempt(s) failed (last: adb request failed: failed to connect to '${closed}': Connection refused); quarantined for the rest of the run (REMOTE_DEVICE_UNREACHABLE)`,
    );
    const junit = await readFile(join(report, 'junit.xml'), 'utf8');
    expect(junit).toMatch(/<testcase [^>]*name="settings opens on a remote device"/);
    expect(junit).toMatch(/<system-err><!\[CDATA\[[^\]]*REMOTE_DEVICE_UNREACHABLE/);
  }, 120_000);
});

describe('remote source options', () => {
  it('reads endpoints from the options or DROIDPROOF_REMOTE_DEVICES, and refuses what is not host:port', () => {
    const options = (devices: object) => {
      const parsed = parseOptions({ devices: { source: 'remote', ...devices } }).devices;
      if (parsed.source !== 'remote') throw new Error('not remote');
      return parsed;
    };
    expect(options({}).reconnect).toEqual({ attempts: 3, backoffMs: 1_000, readyMs: 10_000 });
    expect(options({}).maxDrops).toBe(3);
    expect(remoteEndpoints(options({ endpoints: ['farm.example:5555', '[::1]:5037'] }), {})).toEqual([
      { serial: 'farm.example:5555', host: 'farm.example', port: 5555 },
      { serial: '[::1]:5037', host: '::1', port: 5037 },
    ]);
    expect(
      remoteEndpoints(options({}), { DROIDPROOF_REMOTE_DEVICES: '10.0.0.2:5555, 10.0.0.3:5555' }).map(
        (e) => e.serial,
      ),
    ).toEqual(['10.0.0.2:5555', '10.0.0.3:5555']);
    expect(() => remoteEndpoints(options({}), {})).toThrow(/needs endpoints/);
    expect(() => remoteEndpoints(options({}), { DROIDPROOF_REMOTE_DEVICES: 'nope' })).toThrow(
      /not host:port/,
    );
    expect(() => options({ endpoints: ['10.0.0.2'] })).toThrow(/devices\.endpoints\.0: must be host:port/);
    expect(() => options({ endpoints: ['10.0.0.2:70000'] })).toThrow(/port must be 1-65535/);
    expect(() => options({ endpoints: ['10.0.0.2:5555'], reconnect: { attemps: 2 } })).toThrow(
      /did you mean "attempts"/,
    );
  });
});
