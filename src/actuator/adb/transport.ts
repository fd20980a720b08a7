/**
 * adb access through `@devicefarmer/adbkit` against one adb server. Every call
 * opens its own connection (adbkit's model); failures become DroidproofErrors
 * with the seed's codes so callers never see adbkit's error classes.
 */
import type { Duplex } from 'node:stream';
import adbkit from '@devicefarmer/adbkit';
import { withDeadline } from '../../contract/deadline.js';
import { DroidproofError } from '../../contract/errors.js';
import type { DeviceShell } from './device-shell.js';
import type { DeviceEntry } from './devices.js';
import { type AdbServerAddress, resolveAdbServer } from './server-address.js';

/** Maps an adbkit or socket failure onto the public error catalogue. */
export function adbError(error: unknown, serial?: string, server?: AdbServerAddress): DroidproofError {
  if (error instanceof DroidproofError) return error;
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: string } | undefined)?.code;
  const details = { serial, cause: message, ...(code ? { errno: code } : {}) };
  if (code === 'ECONNREFUSED' || code === 'ENOENT' || code === 'ECONNRESET') {
    // ENOENT is adbkit's refused auto-start (see NO_AUTOSTART): the connection was refused. Its
    // message names the stand-in binary, an internal detail, so neither message nor cause is kept.
    const refused = code === 'ENOENT';
    const reason = refused ? 'connection refused; no server is running there' : message;
    const where = server ? ` at ${server.host}:${server.port}` : '';
    return new DroidproofError(
      'ADB_SERVER_FAILED',
      `adb server${where} is not reachable: ${reason}`,
      { ...details, cause: reason, ...(server ? { adbHost: server.host, adbPort: server.port } : {}) },
      refused ? {} : { cause: error },
    );
  }
  if (/not found/i.test(message)) {
    return new DroidproofError('DEVICE_NOT_FOUND', `Device ${serial} not found: ${message}`, details, {
      cause: error,
    });
  }
  if (/offline/i.test(message)) {
    return new DroidproofError('DEVICE_OFFLINE', `Device ${serial} is offline`, details, { cause: error });
  }
  if (/unauthorized/i.test(message)) {
    return new DroidproofError('DEVICE_UNAUTHORIZED', `Device ${serial} is unauthorized`, details, {
      cause: error,
    });
  }
  return new DroidproofError('DEVICE_SHELL_UNAVAILABLE', `adb request failed: ${message}`, details, {
    cause: error,
  });
}

/**
 * True only when `error` proves the request never reached the device: the
 * server refused the connection, or refused to select the device. Anything
 * later (a reset connection, a cut or empty stream) leaves it uncertain.
 */
export function requestNeverSent(error: unknown): boolean {
  if (!(error instanceof DroidproofError)) return false;
  if (['DEVICE_NOT_FOUND', 'DEVICE_OFFLINE', 'DEVICE_UNAUTHORIZED'].includes(error.code)) return true;
  const errno = (error.details as { errno?: string }).errno;
  return error.code === 'ADB_SERVER_FAILED' && (errno === 'ECONNREFUSED' || errno === 'ENOENT');
}

function readAll(stream: Duplex): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    stream.on('data', (part: Buffer) => parts.push(part));
    stream.once('end', () => resolve(Buffer.concat(parts)));
    stream.once('error', reject);
  });
}

/** adbkit is CommonJS: Node's default import is `module.exports`, Vite may hand over the class itself. */
const Adb: typeof adbkit.Adb =
  'createClient' in adbkit ? (adbkit as unknown as typeof adbkit.Adb) : (adbkit as typeof adbkit).Adb;
type AdbClient = ReturnType<typeof Adb.createClient>;

const NO_AUTOSTART = '/nonexistent/droidproof-does-not-start-adb-servers';

/** A host query or a shell command that needs no more than this is stuck, not slow. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;

export interface AdbTransportOptions {
  adbHost?: string;
  adbPort?: number;
  /** Deadline of each adb request that has no deadline of its own (ms). */
  requestTimeoutMs?: number;
}

export class AdbTransport {
  readonly address: AdbServerAddress;
  private readonly client: AdbClient;
  private readonly requestTimeoutMs: number;

  constructor(options: AdbTransportOptions = {}) {
    this.address = resolveAdbServer(options);
    this.requestTimeoutMs = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
    // adbkit starts `adb start-server` when the connection is refused; droidproof never starts a
    // server behind the caller's back (tests use private ports), so the spawn is pointed at nothing
    // and a refused connection surfaces as ADB_SERVER_FAILED.
    this.client = Adb.createClient({ host: this.address.host, port: this.address.port, bin: NO_AUTOSTART });
    // adbkit re-emits socket errors on the client; unhandled they would crash the process.
    this.client.on('error', () => {});
  }

  /** `adb devices`: every entry with its raw state (`device`, `offline`, `unauthorized`, ...). */
  async listDevices(): Promise<DeviceEntry[]> {
    try {
      const devices = await this.deadline<{ id: string; type: string }[]>(
        this.client.listDevices(),
        'host:devices',
      );
      return devices.map((d: { id: string; type: string }) => ({ serial: d.id, state: d.type }));
    } catch (error) {
      throw adbError(error, undefined, this.address);
    }
  }

  /** `host:version` of the adb server. */
  async serverVersion(): Promise<number> {
    try {
      return await this.deadline<number>(this.client.version(), 'host:version');
    } catch (error) {
      throw adbError(error, undefined, this.address);
    }
  }

  /**
   * `adb install -r <apk>` (adbkit pushes the file, then `pm install -r`). Resolves on `Success`;
   * rejects with OPERATOR_INSTALL_FAILED carrying what the package manager printed.
   */
  async install(serial: string, apkPath: string): Promise<void> {
    try {
      await this.client.getDevice(serial).install(apkPath);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (/^Failure|could not be installed/.test(message)) {
        throw new DroidproofError('OPERATOR_INSTALL_FAILED', `adb install of ${apkPath} failed: ${message}`, {
          apk: apkPath,
          output: message,
        });
      }
      throw adbError(error, serial);
    }
  }

  device(serial: string): DeviceShell {
    const device = this.client.getDevice(serial);
    return {
      serial,
      exec: async (command, options) => {
        let stream: Duplex | undefined;
        let expired = false;
        const run = (async () => {
          const opened: Duplex = await device.shell(command);
          stream = opened;
          // Opened after the deadline: nobody reads it any more.
          if (expired) opened.destroy();
          return readAll(opened);
        })();
        try {
          return await this.deadline(run, command, serial, options?.timeoutMs, {
            onExpire: () => {
              expired = true;
              stream?.destroy();
            },
          });
        } catch (error) {
          throw adbError(error, serial, this.address);
        }
      },
      stream: async (command, options) => {
        try {
          return await this.deadline(device.shell(command), command, serial, options?.timeoutMs, {
            onLate: (late) => late.destroy(),
          });
        } catch (error) {
          throw adbError(error, serial, this.address);
        }
      },
      pull: async (path, options) => {
        let sync: Awaited<ReturnType<typeof device.syncService>> | undefined;
        let expired = false;
        const run = (async () => {
          const opened = await device.syncService();
          sync = opened;
          if (expired) opened.end();
          // adbkit ends a pull of a missing file before it reports the FAIL, so STAT decides first.
          // adbkit's STAT of a missing path rejects with errno ENOENT, which is not adbkit's refused auto-start.
          const stats = await opened.stat(path).catch((error: { code?: string }) => {
            if (error?.code !== 'ENOENT') throw error;
            return undefined;
          });
          if (!stats) throw new Error(`failed to stat remote object '${path}': No such file or directory`);
          if (!stats.isFile()) throw new Error(`remote object '${path}' is not a file`);
          return readAll(opened.pull(path));
        })();
        try {
          return await this.deadline(run, `pull ${path}`, serial, options?.timeoutMs, {
            onExpire: () => {
              expired = true;
              sync?.end();
            },
          });
        } catch (error) {
          throw adbError(error, serial, this.address);
        } finally {
          sync?.end();
        }
      },
    };
  }

  /** Bounds one adb request; a late stream is closed so nothing leaks. */
  private deadline<T>(
    work: PromiseLike<T>,
    request: string,
    serial?: string,
    timeoutMs = this.requestTimeoutMs,
    hooks: { onExpire?: () => void; onLate?: (value: T) => void } = {},
  ): Promise<T> {
    const { host, port } = this.address;
    return withDeadline(
      Promise.resolve(work),
      timeoutMs,
      () =>
        new DroidproofError(
          'ADB_TIMEOUT',
          `adb request to ${host}:${port} got no complete answer within ${timeoutMs} ms: ${request.slice(0, 200)}`,
          { serial, request: request.slice(0, 200), timeoutMs, adbHost: host, adbPort: port },
        ),
      hooks,
    );
  }
}
