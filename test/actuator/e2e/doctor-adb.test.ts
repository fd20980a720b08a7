/**
 * Doctor and the adb binary: a device served by droidproof's own adb front end
 * needs no adb (the presence check is skipped with a reason, the server check
 * names the front end); a real adb server still requires a runnable adb, looked
 * up through ADB, ANDROID_HOME / ANDROID_SDK_ROOT, then PATH.
 */
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adbInstallHint, locateAdb } from '../../../src/actuator/adb/adb-binary.js';
import { AdbTransport } from '../../../src/actuator/adb/transport.js';
import { assembleDevice, connectDevice } from '../../../src/actuator/connect.js';
import { runDoctor } from '../../../src/actuator/doctor/doctor.js';
import { DoctorReportSchema } from '../../../src/actuator/doctor/report.js';
import { resolveDialect } from '../../../src/contract/dialect.js';
import { startVirtualFarm, type VirtualFarm } from '../../../src/virtual-device/farm.js';
import { createVirtualDevice } from '../../../src/virtual-device/index.js';
import { TEST_APPS } from '../../../test-apps/index.js';
import { tempDir } from '../../environment/helpers.js';

const OPERATOR = 'com.androperator.operator';

describe('doctor against the virtual farm front end', () => {
  let farm: VirtualFarm;
  beforeAll(async () => {
    farm = await startVirtualFarm({
      devices: 1,
      createDevice: (serial) => createVirtualDevice({ serial, apps: [...TEST_APPS] }),
    });
  });
  afterAll(() => farm.stop());

  it('skips host.adb.presence with a reason and passes, with no adb anywhere', async () => {
    const device = await connectDevice({ adbPort: farm.adbPort, adbServerKind: 'droidproof' });
    try {
      const report = DoctorReportSchema.parse(await device.doctor());
      expect(report.criticalOk).toBe(true);
      expect(report.checks.map((c) => c.id)).not.toContain('host.adb.presence');
      expect(report.skippedChecks).toEqual([
        { id: 'host.adb.presence', reason: expect.stringContaining('adb front end'), blockedBy: [] },
      ]);
      expect(report.checks.find((c) => c.id === 'host.adb.server')).toMatchObject({
        status: 'pass',
        summary: "droidproof's adb front end is healthy.",
        evidence: { port: farm.adbPort, server: 'droidproof' },
      });
    } finally {
      device.close();
    }
  });

  it('a real adb server still requires adb: ADB_NOT_FOUND is critical and says where it looked', async () => {
    const transport = new AdbTransport({ adbPort: farm.adbPort });
    const dialect = resolveDialect('androperator');
    const readers: { close(): void }[] = [];
    const report = await runDoctor({
      transport,
      operatorPackage: OPERATOR,
      adb: { bin: '/nonexistent/adb', from: 'ADB' },
      target: (serial) => {
        const parts = assembleDevice(transport, serial, dialect, OPERATOR);
        readers.push(parts.reader);
        return parts;
      },
    });
    for (const reader of readers) reader.close();
    expect(report.criticalOk).toBe(false);
    const presence = report.checks.find((c) => c.id === 'host.adb.presence');
    expect(presence).toMatchObject({ status: 'fail', code: 'ADB_NOT_FOUND' });
    expect(presence?.detail).toContain('/nonexistent/adb (from ADB)');
    expect(report.skippedChecks.map((s) => s.blockedBy)).toContainEqual(['host.adb.presence']);
  });

  it('an unreachable front end names the command that starts it, and no internal path', async () => {
    const transport = new AdbTransport({ adbPort: 1 });
    const report = await runDoctor({
      transport,
      adbServerKind: 'droidproof',
      operatorPackage: OPERATOR,
      target: () => {
        throw new Error('no device is reached');
      },
    });
    const server = report.checks.find((c) => c.id === 'host.adb.server');
    expect(server).toMatchObject({ status: 'fail', code: 'ADB_SERVER_FAILED' });
    expect(report.nextActions).toContain('npx droidproof virtual');
    expect(JSON.stringify(report)).not.toMatch(/nonexistent/);
  });
});

describe('locateAdb', () => {
  const yes = () => true;
  const no = () => false;

  it('prefers ADB, then ANDROID_HOME, then ANDROID_SDK_ROOT platform-tools, then PATH', () => {
    const env = { ADB: '/opt/adb', ANDROID_HOME: '/sdk', ANDROID_SDK_ROOT: '/root-sdk' };
    expect(locateAdb(env, 'linux', yes)).toEqual({ bin: '/opt/adb', from: 'ADB' });
    expect(locateAdb({ ...env, ADB: undefined }, 'linux', yes)).toEqual({
      bin: join('/sdk', 'platform-tools', 'adb'),
      from: 'ANDROID_HOME',
    });
    expect(locateAdb({ ...env, ADB: undefined }, 'linux', (p) => p.startsWith('/root-sdk'))).toEqual({
      bin: join('/root-sdk', 'platform-tools', 'adb'),
      from: 'ANDROID_SDK_ROOT',
    });
    expect(locateAdb({ ANDROID_HOME: '/sdk' }, 'linux', no)).toEqual({ bin: 'adb', from: 'PATH' });
    expect(locateAdb({ ANDROID_HOME: 'C:\\sdk' }, 'win32', yes).bin).toMatch(/adb\.exe$/);
  });

  it('finds a real executable under ANDROID_HOME', async () => {
    const sdk = await tempDir('droidproof-sdk-');
    await mkdir(join(sdk, 'platform-tools'));
    const adb = join(sdk, 'platform-tools', 'adb');
    await writeFile(adb, '#!/bin/sh\necho "Android Debug Bridge version 1.0.41"\n');
    expect(locateAdb({ ANDROID_HOME: sdk }).from).toBe('PATH'); // not executable yet
    await chmod(adb, 0o755);
    expect(locateAdb({ ANDROID_HOME: sdk })).toEqual({ bin: adb, from: 'ANDROID_HOME' });
  });

  it('names the install for Linux, macOS and Windows', () => {
    expect(adbInstallHint('linux').steps[0]).toEqual({ kind: 'shell', value: 'sudo apt-get install -y adb' });
    expect(adbInstallHint('darwin')).toMatchObject({
      platform: 'mac',
      steps: [{ value: 'brew install --cask android-platform-tools' }, {}],
    });
    expect(adbInstallHint('win32')).toMatchObject({
      platform: 'win',
      steps: [{ value: 'winget install Google.PlatformTools' }, {}],
    });
    expect(adbInstallHint('freebsd').platform).toBe('any');
  });
});
