import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVirtualFarm, type VirtualFarm } from '../../src/virtual-device/farm.js';
import { type AdbCli, adbCli, hasAdb, tempHome } from './adb-server.js';
import { Adb } from './adbkit.js';
import { createFakeDevice } from './fake-device.js';

/**
 * One raw smart-socket exchange with the front end: strings are sent as
 * hex4-framed requests, buffers as raw stream bytes; resolves with everything
 * the front end sent until it closed.
 */
function exchange(port: number, ...requests: (string | Buffer)[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('connect', () => {
      for (const request of requests) {
        const raw = typeof request !== 'string';
        socket.write(raw ? request : `${request.length.toString(16).padStart(4, '0')}${request}`);
      }
    });
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
  });
}

/** A smart-socket reply: status, hex4 length, payload. */
const framed = (status: 'OKAY' | 'FAIL', payload: string) =>
  `${status}${Buffer.byteLength(payload).toString(16).padStart(4, '0')}${payload}`;

describe('droidproof adb host front end', () => {
  let farm: VirtualFarm;
  let home: Awaited<ReturnType<typeof tempHome>>;
  let adb: AdbCli;
  let scratch: string;

  beforeAll(async () => {
    farm = await startVirtualFarm({ devices: 2, createDevice: createFakeDevice });
    home = await tempHome();
    adb = adbCli(farm.adbPort, home.home);
    scratch = await mkdtemp(join(tmpdir(), 'droidproof-host-'));
  });

  afterAll(async () => {
    await farm?.stop();
    await home?.remove();
    await rm(scratch, { recursive: true, force: true });
  });

  it('answers host queries with the real server framing and closes', async () => {
    expect(await exchange(farm.adbPort, 'host:version')).toBe('OKAY00040029');
    expect(await exchange(farm.adbPort, 'host:devices')).toBe(
      framed('OKAY', 'virtual-5554\tdevice\nvirtual-5556\tdevice\n'),
    );
    expect(await exchange(farm.adbPort, 'host:devices-l')).toBe(
      framed(
        'OKAY',
        'virtual-5554           device product:fake_phone model:Fake_Phone device:fake transport_id:1\n' +
          'virtual-5556           device product:fake_phone model:Fake_Phone device:fake transport_id:2\n',
      ),
    );
    expect(await exchange(farm.adbPort, 'host-serial:virtual-5554:features')).toBe(
      framed('OKAY', 'shell_v2,cmd,stat_v2,ls_v2,fixed_push_mkdir,abb_exec'),
    );
    expect(await exchange(farm.adbPort, 'host-serial:virtual-5556:get-state')).toBe('OKAY0006device');
    expect(await exchange(farm.adbPort, 'host-serial:virtual-5556:get-serialno')).toBe(
      'OKAY000cvirtual-5556',
    );
    expect(await exchange(farm.adbPort, 'host:frobnicate')).toBe('FAIL0014unknown host service');
  });

  it('gives the real server FAIL texts on transport selection', async () => {
    expect(await exchange(farm.adbPort, 'host:transport:nosuch')).toBe("FAIL0019device 'nosuch' not found");
    expect(await exchange(farm.adbPort, 'host:transport-any')).toBe('FAIL001dmore than one device/emulator');
    expect(await exchange(farm.adbPort, 'host:transport-usb')).toBe('FAIL0010no devices found');
    expect(await exchange(farm.adbPort, 'host:tport:serial:virtual-5556', 'shell:echo tport')).toBe(
      'OKAY\x02\x00\x00\x00\x00\x00\x00\x00OKAYtport\n',
    );
    expect(await exchange(farm.adbPort, 'host:transport:virtual-5554', 'framebuffer:')).toBe(
      'OKAYFAIL0006closed',
    );
  });

  it('runs an interactive pty shell with echo, prompt and Ctrl-D', async () => {
    const session = await exchange(
      farm.adbPort,
      'host:transport:virtual-5554',
      'shell:',
      Buffer.from('echo hx\x7fi\r\x04'),
    );
    expect(session).toBe('OKAYOKAYfake:/ $ echo hx\b \bi\r\nhi\r\nfake:/ $ ');
  });

  it('answers connect and disconnect for its own and foreign addresses', async () => {
    const own = `127.0.0.1:${farm.devices[0].adbdPort}`;
    expect(await exchange(farm.adbPort, `host:connect:${own}`)).toContain(`already connected to ${own}`);
    expect(await exchange(farm.adbPort, 'host:connect:127.0.0.1:9')).toContain(
      "failed to connect to '127.0.0.1:9'",
    );
    expect(await exchange(farm.adbPort, 'host:disconnect:127.0.0.1:9')).toBe(
      framed('FAIL', "no such device '127.0.0.1:9'"),
    );
  });

  it('reports offline and unauthorized devices like the real server', async () => {
    const device = farm.devices[1];
    device.goOffline({ listed: true });
    try {
      expect(await exchange(farm.adbPort, 'host:devices')).toContain('virtual-5556\toffline\n');
      expect(await exchange(farm.adbPort, 'host:transport:virtual-5556')).toBe('FAIL000edevice offline');
    } finally {
      device.goOnline();
    }
    const locked = await startVirtualFarm({ devices: 1, auth: 'never', createDevice: createFakeDevice });
    try {
      expect(await exchange(locked.adbPort, 'host:devices-l')).toBe(
        framed('OKAY', 'virtual-5554           unauthorized transport_id:1\n'),
      );
      expect(await exchange(locked.adbPort, 'host:transport-any')).toMatch(
        /^FAIL....device unauthorized\.\nThis adb server's \$ADB_VENDOR_KEYS is not set/,
      );
    } finally {
      await locked.stop();
    }
  });

  it('waits for an unplugged device to come back (adbkit waitForDevice)', async () => {
    const device = farm.devices[1];
    device.goOffline();
    const client = Adb.createClient({ host: farm.adbHost, port: farm.adbPort });
    const waiting = client.getDevice(device.serial).waitForDevice();
    let settled = false;
    void waiting.then(() => (settled = true));
    expect(await exchange(farm.adbPort, 'host:devices')).not.toContain(device.serial);
    expect(settled).toBe(false);
    device.goOnline();
    expect(await waiting).toBe(device.serial);
  });

  it('stops on host:kill', async () => {
    const doomed = await startVirtualFarm({ devices: 1, createDevice: createFakeDevice });
    expect(await exchange(doomed.adbPort, 'host:kill')).toBe('OKAY');
    await expect(exchange(doomed.adbPort, 'host:version')).rejects.toThrow(/ECONNREFUSED/);
    await doomed.stop();
  });

  describe.skipIf(!hasAdb)('the adb CLI pointed at it (no adb server running)', () => {
    it('lists devices and runs shells with exit codes', async () => {
      const devices = await adb.run(['devices', '-l']);
      expect(devices.stdout.toString()).toMatch(/^virtual-5554 +device product:fake_phone/m);
      expect((await adb.run(['-s', 'virtual-5554', 'shell', 'exit 4'])).code).toBe(4);
      expect(await adb.run(['-s', 'virtual-5554', 'shell', 'fail', 'bad'])).toMatchObject({
        code: 1,
        stderr: 'bad\n',
      });
      const binary = Buffer.from([0, 1, 2, 10, 13, 10, 255]);
      farm.devices[0].services.fs.write('/data/bin', binary, 0o100644, 0);
      expect(
        (await adb.run(['-s', 'virtual-5554', 'exec-out', 'cat', '/data/bin'])).stdout.equals(binary),
      ).toBe(true);
    });

    it('runs an interactive shell fed from stdin', async () => {
      const session = await adb.run(
        ['-s', 'virtual-5554', 'shell'],
        Buffer.from('echo one\nexit 3\necho two\n'),
      );
      expect(session.stdout.toString()).toBe('one\ntwo\n');
    });

    it('selects devices with the real error texts', async () => {
      expect((await adb.run(['shell', 'echo'])).stderr).toContain('more than one device/emulator');
      expect((await adb.run(['-s', 'nope', 'shell', 'echo'])).stderr).toContain("device 'nope' not found");
    });

    it('pushes, pulls and installs', async () => {
      const data = Buffer.alloc(3_000_000).map((_, i) => (i * 13) & 0xff);
      await writeFile(join(scratch, 'big.bin'), data);
      expect(
        (await adb.run(['-s', 'virtual-5556', 'push', join(scratch, 'big.bin'), '/sdcard/big.bin'])).code,
      ).toBe(0);
      expect(
        (await adb.run(['-s', 'virtual-5556', 'pull', '/sdcard/big.bin', join(scratch, 'back.bin')])).code,
      ).toBe(0);
      expect((await readFile(join(scratch, 'back.bin'))).equals(data)).toBe(true);
      await writeFile(join(scratch, 'app.apk'), 'PK\x03\x04 via the front end');
      expect(
        (await adb.run(['-s', 'virtual-5556', 'install', join(scratch, 'app.apk')])).stdout.toString(),
      ).toContain('Success');
    });
  });
});
