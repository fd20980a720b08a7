import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type CreateDevice, startVirtualFarm, type VirtualFarm } from '../../src/virtual-device/farm.js';

/**
 * Whether the Debian `adb` binary is installed. Tests that need it skip on a
 * developer machine without it; CI sets DROIDPROOF_REQUIRE_ADB=1 so that a
 * missing binary fails the run instead of silently skipping the real-adb tests.
 */
export const hasAdb = ['/usr/bin/adb', '/usr/local/bin/adb'].some((path) => existsSync(path));
if (!hasAdb && process.env.DROIDPROOF_REQUIRE_ADB === '1') {
  throw new Error('DROIDPROOF_REQUIRE_ADB=1 but no adb binary is installed (apt-get install -y adb)');
}

export interface AdbRun {
  stdout: Buffer;
  stderr: string;
  code: number;
}

export interface AdbCli {
  /** The server port the CLI talks to (`adb -P`). */
  readonly port: number;
  run(args: readonly string[], input?: Buffer): Promise<AdbRun>;
}

/** A free loopback port chosen by the OS. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** Runs the `adb` CLI against a server port, with its own HOME. */
export function adbCli(port: number, home: string): AdbCli {
  const env = {
    ...process.env,
    HOME: home,
    ANDROID_USER_HOME: join(home, '.android'),
    ANDROID_ADB_SERVER_PORT: String(port),
  };
  return {
    port,
    run: (args, input) =>
      new Promise((resolve) => {
        const child = execFile(
          'adb',
          ['-P', String(port), ...args],
          { env, encoding: 'buffer', maxBuffer: 64 << 20 },
          (error, stdout, stderr) =>
            resolve({ stdout, stderr: stderr.toString(), code: error ? Number(error.code ?? 1) : 0 }),
        );
        child.stdin?.end(input);
      }),
  };
}

export interface PrivateAdbServer extends AdbCli {
  readonly home: string;
  stop(): Promise<void>;
}

/** Starts a real adb server on a private port and temp HOME; `stop()` kills it and removes HOME. */
export async function startPrivateAdbServer(): Promise<PrivateAdbServer> {
  const home = await mkdtemp(join(tmpdir(), 'droidproof-adb-'));
  const cli = adbCli(await freePort(), home);
  const started = await cli.run(['start-server']);
  if (started.code !== 0) throw new Error(`adb start-server failed: ${started.stderr}`);
  return {
    ...cli,
    home,
    async stop() {
      await cli.run(['kill-server']);
      await rm(home, { recursive: true, force: true });
    },
  };
}

/** A temp HOME for the CLI when it talks to the droidproof host front end (no real server). */
export async function tempHome(): Promise<{ home: string; remove(): Promise<void> }> {
  const home = await mkdtemp(join(tmpdir(), 'droidproof-adb-'));
  return { home, remove: () => rm(home, { recursive: true, force: true }) };
}

export interface DevicesOnAdbServer {
  server: PrivateAdbServer;
  farm: VirtualFarm;
  /** The first device's serial on the real adb server (`127.0.0.1:<port>`). */
  serial: string;
  stop(): Promise<void>;
}

/** A private real adb server with a one-device farm `adb connect`ed to it. */
export async function startDeviceOnAdbServer(createDevice: CreateDevice): Promise<DevicesOnAdbServer> {
  const server = await startPrivateAdbServer();
  const farm = await startVirtualFarm({ devices: 1, adbServerPort: server.port, createDevice }).catch(
    async (error: unknown) => {
      await server.stop();
      throw error;
    },
  );
  return {
    server,
    farm,
    serial: farm.devices[0].adbServerSerial,
    async stop() {
      await farm.stop();
      await server.stop();
    },
  };
}
