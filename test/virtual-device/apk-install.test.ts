/**
 * APK installs read the real binary manifest: APKs built by Debian aapt
 * against framework-res.apk and signed by apksigner, installed through the
 * real adb server (`adb install`), adbkit, and `pm install` of a pushed file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAxml } from '../../src/virtual-device/android/apk/axml.js';
import { ApkParseError, readApkManifest } from '../../src/virtual-device/android/apk/manifest.js';
import { readZip, readZipEntry } from '../../src/virtual-device/android/apk/zip.js';
import { createVirtualAndroid, execShell } from '../../src/virtual-device/android/index.js';
import { createVirtualDevice, type VirtualDevice } from '../../src/virtual-device/device.js';
import { type DevicesOnAdbServer, hasAdb, startDeviceOnAdbServer } from './adb-server.js';
import { Adb } from './adbkit.js';
import { type ApkBuilder, apkBuilder, hasApkTools } from './apk-builder.js';

const HELLO = {
  packageName: 'com.example.hello',
  versionCode: 42,
  versionName: '4.2.0-beta',
  label: 'Hello',
  permissions: ['android.permission.INTERNET'],
  activities: [
    { name: '.MainActivity', actions: ['android.intent.action.MAIN'], exported: true },
    { name: 'com.example.hello.ui.DetailsActivity' },
  ],
  receivers: [{ name: '.CommandReceiver', actions: ['com.example.hello.PING'], exported: true }],
  services: [{ name: 'com.example.hello.Watcher', exported: false }],
};

const failureOf = (f: () => unknown) => {
  try {
    f();
  } catch (error) {
    return error instanceof ApkParseError ? error.pmOutput : error;
  }
  return 'no error';
};

describe.skipIf(!hasApkTools)('APK manifest reader', () => {
  let apks: ApkBuilder;
  let hello: Buffer;
  beforeAll(async () => {
    apks = await apkBuilder();
    hello = await apks.build(HELLO);
  }, 30_000);
  afterAll(() => apks?.remove());

  it('reads package, versions, SDK levels, label, permissions and components from aapt output', () => {
    expect(readApkManifest(hello, '/data/app/x/base.apk')).toEqual({
      packageName: 'com.example.hello',
      versionCode: 42,
      versionName: '4.2.0-beta',
      minSdk: 24,
      targetSdk: 34,
      label: 'Hello',
      permissions: ['android.permission.INTERNET'],
      activities: [
        { name: 'com.example.hello.MainActivity', exported: true, actions: ['android.intent.action.MAIN'] },
        { name: 'com.example.hello.ui.DetailsActivity', exported: undefined, actions: [] },
      ],
      receivers: [
        { name: 'com.example.hello.CommandReceiver', exported: true, actions: ['com.example.hello.PING'] },
      ],
      services: [{ name: 'com.example.hello.Watcher', exported: false, actions: [] }],
    });
  });

  it('parses the binary XML tree with namespaces and framework attribute ids', () => {
    const zip = readZip(hello);
    const root = parseAxml(readZipEntry(hello, zip.entries.get('AndroidManifest.xml')!));
    expect(root.name).toBe('manifest');
    expect(root.children.map((c) => c.name)).toEqual(['uses-sdk', 'uses-permission', 'application']);
    expect(root.children[2].children.map((c) => c.name)).toEqual([
      'activity',
      'activity',
      'receiver',
      'service',
    ]);
    expect(root.attributes.find((a) => a.name === 'versionCode')).toMatchObject({
      namespace: 'http://schemas.android.com/apk/res/android',
      resourceId: 0x0101021b,
      value: { type: 'int', value: 42 },
    });
  });

  it('rejects truncated binary XML and bytes that are not a ZIP, with pm`s reasons', () => {
    const zip = readZip(hello);
    const xml = readZipEntry(hello, zip.entries.get('AndroidManifest.xml')!);
    expect(() => parseAxml(xml.subarray(0, xml.length - 40))).toThrow(/unclosed|past the end|chunk size/);
    expect(failureOf(() => readApkManifest(Buffer.from('PK\u0003\u0004garbage'), '/p/base.apk'))).toBe(
      'Failure [INSTALL_PARSE_FAILED_NOT_APK: Failed to parse /p/base.apk]',
    );
    // The same archive with its manifest entry renamed: no AndroidManifest.xml to open.
    const renamed = Buffer.from(
      hello.toString('latin1').replaceAll('AndroidManifest.xml', 'AndroidManifest.xmZ'),
      'latin1',
    );
    expect(failureOf(() => readApkManifest(renamed, '/p/base.apk'))).toBe(
      'Failure [INSTALL_PARSE_FAILED_UNEXPECTED_EXCEPTION: Failed to parse /p/base.apk]',
    );
  });

  it('refuses an unsigned APK and a package name without a dot', async () => {
    const [unsigned, nodots] = await Promise.all([
      apks.build(HELLO, { sign: false }),
      apks.build({ packageName: 'nodots' }),
    ]);
    expect(failureOf(() => readApkManifest(unsigned, '/p/base.apk'))).toBe(
      'Failure [INSTALL_PARSE_FAILED_NO_CERTIFICATES: Failed collecting certificates for /p/base.apk]',
    );
    expect(failureOf(() => readApkManifest(nodots, '/p/base.apk'))).toBe(
      "Failure [INSTALL_PARSE_FAILED_BAD_PACKAGE_NAME: Invalid manifest package: must have at least one '.' separator]",
    );
  });

  it('pm install checks target and min SDK and downgrades (-d allows one on this userdebug build)', async () => {
    const d = createVirtualAndroid({ serial: 'virtual-5554', clock: { mode: 'manual' } });
    const [old, future, older] = await Promise.all([
      apks.build({ packageName: 'com.example.old', targetSdk: 22 }),
      apks.build({ packageName: 'com.example.future', minSdk: 35 }),
      apks.build({ ...HELLO, versionCode: 41 }),
    ]);
    expect((await d.install(old, [])).output).toBe(
      'Failure [INSTALL_FAILED_DEPRECATED_SDK_VERSION: App package must target at least SDK version 23, but found 22]',
    );
    expect((await d.install(future, [])).output).toBe(
      'Failure [INSTALL_FAILED_OLDER_SDK: Requires newer sdk version #35 (current version is #34)]',
    );
    expect(await d.install(hello, [])).toEqual({ ok: true, output: 'Success' });
    expect((await d.install(older, ['-r'])).output).toBe(
      'Failure [INSTALL_FAILED_VERSION_DOWNGRADE: Downgrade detected: Update version code 41 is older than current 42]',
    );
    expect((await d.install(older, ['-r', '-d'])).output).toBe('Success');
    expect(d.packages.get('com.example.hello')?.versionCode).toBe(41);
    d.dispose();
  });

  it('pm install of a pushed file and of stdin (-S) installs; pm list and dumpsys show what the APK said', async () => {
    const d = createVirtualAndroid({ serial: 'virtual-5554', clock: { mode: 'manual' } });
    d.fs.write('/data/local/tmp/hello.apk', hello, 0o100644, 0);
    expect((await execShell(d, 'pm install -r /data/local/tmp/hello.apk')).output).toBe('Success\n');
    const viaStdin = await apks.build({ packageName: 'com.example.streamed', versionName: '1.2' });
    expect(
      (await execShell(d, `cmd package install -S ${viaStdin.length}`, { stdin: viaStdin })).output,
    ).toBe('Success\n');
    expect((await execShell(d, 'pm list packages -3')).output).toBe(
      'package:com.example.hello\npackage:com.example.streamed\n',
    );
    expect((await execShell(d, 'pm list packages -3 -i --show-versioncode hello')).output).toBe(
      'package:com.example.hello versionCode:42  installer=com.android.shell\n',
    );
    const dump = (await execShell(d, 'dumpsys package com.example.hello')).output;
    expect(dump).toContain('    versionCode=42 minSdk=24 targetSdk=34\n    minExtensionVersions=[]\n');
    expect(dump).toContain('    versionName=4.2.0-beta\n');
    expect(dump).toContain('    requested permissions:\n      android.permission.INTERNET\n');
    expect(dump).toMatch(
      /Receiver Resolver Table:\n {2}Non-Data Actions:\n {6}com\.example\.hello\.PING:\n {8}[0-9a-f]{7} com\.example\.hello\/\.CommandReceiver filter/,
    );
    d.dispose();
  });
});

describe.skipIf(!hasApkTools || !hasAdb)('adb install through the real adb server and adbkit', () => {
  let setup: DevicesOnAdbServer;
  let apks: ApkBuilder;
  let device: VirtualDevice;
  const adb = (...args: string[]) => setup.server.run(['-s', setup.serial, ...args]);

  beforeAll(async () => {
    [setup, apks] = await Promise.all([
      startDeviceOnAdbServer((name) => {
        device = createVirtualDevice({ serial: name, apps: [], operator: { packages: [] } });
        return device;
      }),
      apkBuilder(),
    ]);
  }, 30_000);
  afterAll(() => Promise.all([setup?.stop(), apks?.remove()]));

  it('adb install succeeds and dumpsys package shows the versionName the APK declares', async () => {
    const path = await apks.file('hello.apk', await apks.build(HELLO));
    const installed = await adb('install', '-r', path);
    expect([installed.code, installed.stdout.toString()]).toEqual([
      0,
      'Performing Streamed Install\nSuccess\n',
    ]);
    const grep = await adb('shell', 'dumpsys package com.example.hello | grep versionName');
    expect(grep.stdout.toString()).toBe('    versionName=4.2.0-beta\n');
    expect((await adb('shell', 'pm', 'list', 'packages', '-3')).stdout.toString()).toBe(
      'package:com.example.hello\n',
    );
  });

  it('the activities an installed APK declares can be started, by component and as the launcher activity', async () => {
    const started = await adb('shell', 'am', 'start', '-W', '-n', 'com.example.hello/.ui.DetailsActivity');
    expect(started.stdout.toString()).toContain('Activity: com.example.hello/.ui.DetailsActivity\n');
    expect((await adb('shell', 'dumpsys window | grep mCurrentFocus')).stdout.toString()).toMatch(
      /u0 com\.example\.hello\/com\.example\.hello\.ui\.DetailsActivity\}\n$/,
    );
    await adb('shell', 'am', 'force-stop', 'com.example.hello');
    const monkey = await adb(
      'shell',
      'monkey',
      '-p',
      'com.example.hello',
      '-c',
      'android.intent.category.LAUNCHER',
      '1',
    );
    expect(monkey.stdout.toString()).toMatch(/^Events injected: 1\n## Network stats: elapsed time=\d+ms/);
    expect(device.android.activities.foreground()).toMatchObject({
      packageName: 'com.example.hello',
      className: 'com.example.hello.MainActivity',
    });
    expect((await adb('shell', 'uiautomator', 'dump', '/dev/tty')).stdout.toString()).toContain(
      'text="Hello"',
    );
  });

  it('a malformed APK fails the way a phone fails it, and nothing is installed', async () => {
    const path = await apks.file(
      'unsigned.apk',
      await apks.build({ packageName: 'com.example.unsigned' }, { sign: false }),
    );
    const failed = await adb('install', path);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(
      /^adb: failed to install .*unsigned\.apk: Failure \[INSTALL_PARSE_FAILED_NO_CERTIFICATES: Failed collecting certificates for \/data\/app\/vmdl\d+\.tmp\/base\.apk\]\n$/,
    );
    expect((await adb('shell', 'pm', 'path', 'com.example.unsigned')).code).toBe(1);
  });

  it('adbkit installs an APK, and rejects a corrupt one with pm`s reason', async () => {
    const client = Adb.createClient({ host: '127.0.0.1', port: setup.server.port });
    const target = client.getDevice(setup.serial);
    const path = await apks.file(
      'kit.apk',
      await apks.build({ packageName: 'com.example.kit', versionName: '3.1' }),
    );
    await expect(target.install(path)).resolves.toBe(true);
    expect(await target.isInstalled('com.example.kit')).toBe(true);
    const corrupt = await apks.file('corrupt.apk', Buffer.from('not a zip at all'));
    await expect(target.install(corrupt)).rejects.toThrow(/INSTALL_PARSE_FAILED_NOT_APK/);
  });

  it('installing an Operator APK starts that Operator, with the APK`s version (issue 11 install path)', async () => {
    const path = await apks.file(
      'operator.apk',
      await apks.build({ packageName: 'com.androperator.operator', versionCode: 7, versionName: '7.7.7' }),
    );
    expect((await adb('install', path)).code).toBe(0);
    await expect.poll(() => device.operators.has('com.androperator.operator')).toBe(true);
    expect(
      (await adb('shell', 'dumpsys package com.androperator.operator | grep versionName')).stdout.toString(),
    ).toBe('    versionName=7.7.7\n');
    const payload = JSON.stringify({
      commandId: 'apk-1',
      taskId: 't',
      source: 'test',
      timeoutMs: 5000,
      actions: [{ id: 'h', type: 'doctor_ping' }],
    });
    await adb(
      'shell',
      `am broadcast -a app.androperator.operator.ACTION_AGENT_COMMAND -p com.androperator.operator --es payload '${payload}' --receiver-foreground`,
    );
    await expect
      .poll(async () => (await adb('logcat', '-d', '-v', 'raw')).stdout.toString(), { timeout: 5_000 })
      .toMatch(/^\[Androperator-Result\] \{"commandId":"apk-1"/m);
    expect((await adb('uninstall', 'com.androperator.operator')).stdout.toString()).toBe('Success\n');
    expect(device.operators.has('com.androperator.operator')).toBe(false);
  });
});
