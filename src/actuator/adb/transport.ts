/**
 * adb access against one adb server. Shell commands, streams and host
 * queries speak the smart-socket protocol directly (`smart-socket.ts`: one
 * loopback connection per command, as the server requires); install goes
 * through `@devicefarmer/adbkit`, loaded only then. Failures become
 * DroidproofErrors with the seed's codes, so callers never see socket errors.
 */
import type { Duplex } from 'node:stream';
import { withDeadline } from '../../contract/deadline.js';
import { DroidproofError } from '../../contract/errors.js';
import type { DeviceShell } from './device-shell.js';
import type { DeviceEntry } from './devices.js';
import { type AdbServerAddress, resolveAdbServer } from './server-address.js';
import { hostQuery, openDeviceService, runDeviceService } from './smart-socket.js';

/** Maps an adbkit or socket failure onto the public error catalogue. */
export function adbError(error: unknown, serial?: string, server?: AdbServerAddress): DroidproofError {
  if (error instanceof DroidproofError) return error;
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: string } | undefined)?.code;
  const details = { serial, cause: message, ...(code ? { errno: code } : {}) };
  if (code === 'ECONNREFUSED' || code === 'ENOENT' || code === 'ECONNRESET') {
    // ENOENT is adbkit's refused auto-start during an install (see NO_AUTOSTART): the connection was
    // refused. Its message names the stand-in binary, an internal detail, so it is not kept.
    const refused = code === 'ENOENT' || code === 'ECONNREFUSED';
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

/** A whole stream, collected. */
function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    stream.on('data', (part: Buffer) => parts.push(part));
    stream.once('end', () => resolve(Buffer.concat(parts)));
    stream.once('error', reject);
  });
}

/** adbkit, loaded on first install: it is CommonJS (Node's default import is `module.exports`, Vite may hand over the class). */
async function adbkitClient(address: AdbServerAddress) {
  const adbkit = (await import('@devicefarmer/adbkit')).default;
  const Adb: typeof adbkit.Adb =
    'createClient' in adbkit ? (adbkit as unknown as typeof adbkit.Adb) : (adbkit as typeof adbkit).Adb;
  // adbkit starts `adb start-server` when the connection is refused; droidproof never starts a
  // server behind the caller's back (tests use private ports), so the spawn is pointed at nothing
  // and a refused connection surfaces as ADB_SERVER_FAILED.
  const client = Adb.createClient({ host: address.host, port: address.port, bin: NO_AUTOSTART });
  // adbkit re-emits socket errors on the client; unhandled they would crash the process.
  client.on('error', () => {});
  return client;
}

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
  private readonly requestTimeoutMs: number;

  constructor(options: AdbTransportOptions = {}) {
    this.address = resolveAdbServer(options);
    this.requestTimeoutMs = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  }

  /** `adb devices`: every entry with its raw state (`device`, `offline`, `unauthorized`, ...). */
  async listDevices(): Promise<DeviceEntry[]> {
    try {
      const list = await this.deadline(hostQuery(this.address, 'host:devices'), 'host:devices');
      return list
        .split('\n')
        .map((line) => line.split('\t'))
        .filter((fields) => fields.length >= 2 && fields[0] !== '')
        .map(([serial, state]) => ({ serial: serial!, state: state!.trim() }));
    } catch (error) {
      throw adbError(error, undefined, this.address);
    }
  }

  /**
   * `adb connect host:port`: the server opens a transport to that adbd (a device farm's phone, an
   * emulator's adbd). Resolves on `connected to` / `already connected to`; rejects with the server's
   * words otherwise (`failed to connect to …: Connection refused`, `failed to authenticate to …`).
   */
  async connect(host: string, port: number): Promise<void> {
    try {
      const client = await adbkitClient(this.address);
      await this.deadline(client.connect(host, port), `host:connect:${host}:${port}`);
    } catch (error) {
      throw adbError(error, `${host}:${port}`, this.address);
    }
  }

  /** `adb disconnect host:port`: the server drops that transport and stops reconnecting it. */
  async disconnect(host: string, port: number): Promise<void> {
    try {
      const client = await adbkitClient(this.address);
      await this.deadline(client.disconnect(host, port), `host:disconnect:${host}:${port}`);
    } catch (error) {
      throw adbError(error, `${host}:${port}`, this.address);
    }
  }

  /** `host:version` of the adb server. */
  async serverVersion(): Promise<number> {
    try {
      const hex = await this.deadline(hostQuery(this.address, 'host:version'), 'host:version');
      return Number.parseInt(hex, 16);
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
      await (await adbkitClient(this.address)).getDevice(serial).install(apkPath);
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
    const address = this.address;
    return {
      serial,
      exec: async (command, options) => {
        let stream: Duplex | undefined;
        let expired = false;
        const run = runDeviceService(address, serial, `shell:${command}`, (opened) => {
          stream = opened;
          // Opened after the deadline: nobody reads it any more.
          if (expired) opened.destroy();
        });
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
          const opened = openDeviceService(address, serial, `shell:${command}`);
          return await this.deadline<Duplex>(opened, command, serial, options?.timeoutMs, {
            onLate: (late) => late.destroy(),
          });
        } catch (error) {
          throw adbError(error, serial, this.address);
        }
      },
      pull: async (path, options) => {
        let sync: { end(): unknown } | undefined;
        let expired = false;
        const run = (async () => {
          // Sync pulls are rare (recordings); adbkit is loaded only for them and installs.
          const opened = await (await adbkitClient(address)).getDevice(serial).syncService();
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
