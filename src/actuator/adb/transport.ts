/**
 * adb access through `@devicefarmer/adbkit` against one adb server. Every call
 * opens its own connection (adbkit's model); failures become DroidproofErrors
 * with the seed's codes so callers never see adbkit's error classes.
 */
import type { Duplex } from 'node:stream';
import adbkit from '@devicefarmer/adbkit';
import { DroidproofError } from '../../contract/errors.js';
import type { DeviceShell } from './device-shell.js';
import type { DeviceEntry } from './devices.js';
import { type AdbServerAddress, resolveAdbServer } from './server-address.js';

/** Maps an adbkit or socket failure onto the public error catalogue. */
export function adbError(error: unknown, serial?: string): DroidproofError {
  if (error instanceof DroidproofError) return error;
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: string } | undefined)?.code;
  const details = { serial, cause: message };
  if (code === 'ECONNREFUSED' || code === 'ENOENT' || code === 'ECONNRESET') {
    // ENOENT is adbkit's refused auto-start (see NO_AUTOSTART): the connection was refused.
    const reason = code === 'ENOENT' ? 'connection refused; no server is running there' : message;
    return new DroidproofError('ADB_SERVER_FAILED', `adb server is not reachable: ${reason}`, details, {
      cause: error,
    });
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

export class AdbTransport {
  readonly address: AdbServerAddress;
  private readonly client: AdbClient;

  constructor(options: { adbHost?: string; adbPort?: number } = {}) {
    this.address = resolveAdbServer(options);
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
      const devices = await this.client.listDevices();
      return devices.map((d: { id: string; type: string }) => ({ serial: d.id, state: d.type }));
    } catch (error) {
      throw adbError(error);
    }
  }

  /** `host:version` of the adb server. */
  async serverVersion(): Promise<number> {
    try {
      return await this.client.version();
    } catch (error) {
      throw adbError(error);
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
      exec: async (command) => {
        try {
          return await readAll(await device.shell(command));
        } catch (error) {
          throw adbError(error, serial);
        }
      },
      stream: async (command) => {
        try {
          return await device.shell(command);
        } catch (error) {
          throw adbError(error, serial);
        }
      },
    };
  }
}
