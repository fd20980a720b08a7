/**
 * The `remote` source: devices reached over the network as `host:port` adbd
 * endpoints, the way device farms expose phones (and emulators expose
 * `adb tcpip`). droidproof `adb connect`s each one on the adb server, leases
 * it like an attached device, and checks it before every hand-out: a device
 * the server lost or shows `offline` is reconnected (with backoff), and one
 * that cannot be reached, or keeps dropping, is quarantined for the rest of
 * the run. Every reconnect and quarantine is a run incident in the report.
 */
import { AdbTransport } from '../../actuator/adb/transport.js';
import { DroidproofError } from '../../contract/errors.js';
import type { RunIncident } from '../../evidence/report/run-model.js';
import { LeaseError, LeaseErrorCode } from '../lease/errors.js';
import type { DeviceDescriptor } from '../lease/protocol.js';
import { type RemoteEndpoint, type RemoteSourceOptions, remoteEndpoints } from '../options.js';
import type { DeviceProvider } from './provider.js';

export const RemoteDeviceErrorCode = {
  /** Every connect attempt of one check failed (refused, unauthorized, or never `device` in time). */
  REMOTE_DEVICE_UNREACHABLE: 'REMOTE_DEVICE_UNREACHABLE',
  /** The device dropped more often than `maxDrops` in this run; it is taken out even though it came back. */
  REMOTE_DEVICE_FLAPPING: 'REMOTE_DEVICE_FLAPPING',
} as const;
export type RemoteDeviceErrorCode = (typeof RemoteDeviceErrorCode)[keyof typeof RemoteDeviceErrorCode];

export class RemoteDeviceError extends DroidproofError {
  declare readonly code: RemoteDeviceErrorCode;
  constructor(code: RemoteDeviceErrorCode, message: string, details: Record<string, unknown> = {}) {
    super(code, message, details);
  }
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** How often the server's device list is read while a connected device comes up. */
const STATE_POLL_MS = 50;

export function remoteSource(
  options: RemoteSourceOptions,
  env: NodeJS.ProcessEnv = process.env,
): DeviceProvider {
  return {
    name: 'remote',
    async start({ operatorPackage, dialect }) {
      const endpoints = remoteEndpoints(options, env);
      const transport = new AdbTransport({ adbHost: options.adbHost, adbPort: options.adbPort });
      const { attempts, backoffMs, readyMs } = options.reconnect;
      const incidents: RunIncident[] = [];
      const drops = new Map<string, number>();

      async function stateOf(serial: string): Promise<string | undefined> {
        return (await transport.listDevices()).find((d) => d.serial === serial)?.state;
      }

      /** One connect: a stale transport is dropped first, then the server must show `device` within readyMs. */
      async function connectOnce(endpoint: RemoteEndpoint): Promise<void> {
        if ((await stateOf(endpoint.serial)) !== undefined) {
          await transport.disconnect(endpoint.host, endpoint.port).catch(() => undefined);
        }
        await transport.connect(endpoint.host, endpoint.port);
        const deadline = Date.now() + readyMs;
        for (;;) {
          const state = await stateOf(endpoint.serial);
          if (state === 'device') return;
          if (Date.now() >= deadline) {
            throw new Error(`connected, but the server shows it ${state ?? 'absent'} after ${readyMs} ms`);
          }
          await delay(STATE_POLL_MS);
        }
      }

      /** Connects with `attempts` tries and doubling backoff; the last failure quarantines. */
      async function connect(endpoint: RemoteEndpoint): Promise<void> {
        const failures: string[] = [];
        for (let attempt = 1; attempt <= attempts; attempt++) {
          try {
            await connectOnce(endpoint);
            return;
          } catch (error) {
            failures.push(error instanceof Error ? error.message : String(error));
            if (attempt < attempts) await delay(backoffMs * 2 ** (attempt - 1));
          }
        }
        // Stop the server's own background retries of a device this run gives up on.
        await transport.disconnect(endpoint.host, endpoint.port).catch(() => undefined);
        throw quarantine(
          endpoint,
          new RemoteDeviceError(
            RemoteDeviceErrorCode.REMOTE_DEVICE_UNREACHABLE,
            `${endpoint.serial}: ${attempts} connect attempt(s) failed (last: ${failures.at(-1)})`,
            { endpoint: endpoint.serial, attempts, failures },
          ),
        );
      }

      function quarantine(endpoint: RemoteEndpoint, error: RemoteDeviceError): RemoteDeviceError {
        incidents.push({
          kind: 'device-quarantined',
          message: `${error.message}; quarantined for the rest of the run (${error.code})`,
          code: error.code,
          device: endpoint.serial,
        });
        return error;
      }

      /** Before each hand-out: a device the server lost or shows offline counts a drop and is reconnected. */
      async function ensureConnected(endpoint: RemoteEndpoint): Promise<void> {
        const state = await stateOf(endpoint.serial);
        if (state === 'device') return;
        const dropped = (drops.get(endpoint.serial) ?? 0) + 1;
        drops.set(endpoint.serial, dropped);
        if (dropped > options.maxDrops) {
          await transport.disconnect(endpoint.host, endpoint.port).catch(() => undefined);
          throw quarantine(
            endpoint,
            new RemoteDeviceError(
              RemoteDeviceErrorCode.REMOTE_DEVICE_FLAPPING,
              `${endpoint.serial} dropped ${dropped} times in this run (maxDrops ${options.maxDrops})`,
              { endpoint: endpoint.serial, drops: dropped, maxDrops: options.maxDrops },
            ),
          );
        }
        await connect(endpoint);
        incidents.push({
          kind: 'device-reconnected',
          message: `${endpoint.serial} was ${state ?? 'gone from the adb server'} before a hand-out and was reconnected (drop ${dropped} of at most ${options.maxDrops})`,
          device: endpoint.serial,
        });
      }

      const reached = await Promise.allSettled(endpoints.map((endpoint) => connect(endpoint)));
      const usable = endpoints.filter((_, i) => reached[i]!.status === 'fulfilled');
      if (usable.length === 0) {
        throw new LeaseError(
          LeaseErrorCode.NO_DEVICES,
          `no remote device could be connected through the adb server ${transport.address.host}:${transport.address.port}: ${incidents.map((i) => i.message).join('; ')}`,
          { endpoints: endpoints.map((e) => e.serial), incidents },
        );
      }
      const byDevice = new Map(usable.map((endpoint) => [endpoint.serial, endpoint]));
      return {
        devices: usable.map(
          (endpoint): DeviceDescriptor => ({
            serial: endpoint.serial,
            adbHost: transport.address.host,
            adbPort: transport.address.port,
            adbServer: 'adb',
            operatorPackage,
            dialect,
            source: 'remote',
          }),
        ),
        async prepare(device) {
          const endpoint = byDevice.get(device.serial);
          if (endpoint) await ensureConnected(endpoint);
        },
        incidents: () => [...incidents],
        async stop() {
          await Promise.all(usable.map((e) => transport.disconnect(e.host, e.port).catch(() => undefined)));
        },
      };
    },
  };
}
