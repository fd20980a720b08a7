/**
 * A fresh `droidproof virtual` device looks like an API 34 phone to an
 * outside client: boot lines in `logcat -d`, real build properties, the
 * system packages, Settings and a browser, toybox pipelines and dumpsys,
 * all through the real adb server (and adbkit).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVirtualDevice, type VirtualDevice } from '../../src/virtual-device/device.js';
import { type DevicesOnAdbServer, hasAdb, startDeviceOnAdbServer } from './adb-server.js';
import { Adb } from './adbkit.js';
import { readStream } from './streams.js';

describe.skipIf(!hasAdb)('a fresh virtual device through the real adb server', () => {
  let setup: DevicesOnAdbServer;
  let device: VirtualDevice;
  let serial: string;
  const adb = async (...args: string[]) => {
    const r = await setup.server.run(['-s', serial, ...args]);
    return { ...r, out: r.stdout.toString() };
  };

  beforeAll(async () => {
    setup = await startDeviceOnAdbServer((name) => {
      device = createVirtualDevice({ serial: name });
      return device;
    });
    serial = setup.serial;
  });
  afterAll(() => setup?.stop());

  it('logcat -d starts with the boot of init, zygote and system_server, in every -v format', async () => {
    const threadtime = (await adb('logcat', '-d')).out;
    const lines = threadtime.split('\n');
    expect(lines[0]).toBe('--------- beginning of main');
    expect(lines[1]).toMatch(
      /^\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} {5}1 {5}1 I init {4}: init second stage started!$/,
    );
    expect(threadtime).toMatch(/ 1000 {2}1000 I SystemServer: Entered the Android system server!\n/);
    expect(threadtime).toMatch(
      / I ActivityManager: Start proc \d+:com\.android\.launcher3\/u0a\d+ for top-activity/,
    );
    const message = 'Entered the Android system server!';
    const expected: Record<string, RegExp> = {
      brief: /^I\/SystemServer\( 1000\): Entered the Android system server!$/m,
      time: /^\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} I\/SystemServer\( 1000\): Entered/m,
      tag: /^I\/SystemServer: Entered the Android system server!$/m,
      process: /^I\( 1000\) Entered the Android system server! {2}\(SystemServer\)$/m,
      raw: /^Entered the Android system server!$/m,
      long: /^\[ \d\d-\d\d \d\d:\d\d:\d\d\.\d{3} {2}1000: 1000 I\/SystemServer \]\nEntered the Android system server!\n$/m,
    };
    for (const [format, pattern] of Object.entries(expected)) {
      const out = (await adb('logcat', '-d', '-v', format, '-s', 'SystemServer')).out;
      expect(out, format).toMatch(pattern);
      expect(out, format).toContain(message);
    }
    // The boot happened before the device was handed out: its lines are in the past, in order.
    const times = lines.slice(1, 6).map((l) => l.slice(0, 18));
    expect([...times].sort()).toEqual(times);
  });

  it('getprop answers what an API 34 image has', async () => {
    const props = Object.fromEntries(
      [...(await adb('shell', 'getprop')).out.matchAll(/^\[([^\]]+)\]: \[([^\]]*)\]$/gm)].map((m) => [
        m[1],
        m[2],
      ]),
    );
    expect(props).toMatchObject({
      'ro.build.version.sdk': '34',
      'ro.build.version.release': '14',
      'ro.product.model': 'sdk_gphone64_x86_64',
      'ro.product.manufacturer': 'Google',
      'ro.product.brand': 'google',
      'ro.product.cpu.abi': 'x86_64',
      'sys.boot_completed': '1',
      'ro.serialno': 'virtual-5554',
      'persist.sys.timezone': 'UTC',
    });
    expect(props['ro.build.fingerprint']).toMatch(
      /^google\/sdk_gphone64_x86_64\/emu64xa:14\/\w+(\.\d+)*\.?\w*\/\d+:userdebug\/dev-keys$/,
    );
    const devices = (await setup.server.run(['devices', '-l'])).stdout.toString();
    expect(devices).toContain(`${serial}`);
    expect(devices).toMatch(/product:sdk_gphone64_x86_64 model:sdk_gphone64_x86_64 device:emu64xa/);
  });

  it('pm list packages -s has the system image, -3 the test apps and one Operator variant', async () => {
    const system = (await adb('shell', 'pm', 'list', 'packages', '-s')).out.split('\n');
    for (const pkg of [
      'android',
      'com.android.settings',
      'com.android.systemui',
      'com.android.launcher3',
      'com.android.chrome',
    ])
      expect(system).toContain(`package:${pkg}`);
    const third = (await adb('shell', 'pm', 'list', 'packages', '-3')).out;
    expect(third).toContain('package:com.droidproof.login\n');
    expect(third).toContain('package:com.androperator.operator\n');
    expect(third).not.toContain('com.androperator.operator.dev');
    expect(third).not.toContain('com.android.settings');
    expect((await adb('shell', 'pm', 'list', 'packages', '-f', 'com.android.settings')).out).toBe(
      'package:/system_ext/priv-app/Settings/Settings.apk=com.android.settings\n',
    );
  });

  it('the Operator package declares its receiver and services, and its listener and service are enabled', async () => {
    const dump = (await adb('shell', 'dumpsys', 'package', 'com.androperator.operator')).out;
    expect(dump).toMatch(
      /Receiver Resolver Table:\n {2}Non-Data Actions:\n {6}app\.androperator\.operator\.ACTION_AGENT_COMMAND:\n {8}[0-9a-f]{7} com\.androperator\.operator\/app\.androperator\.operator\.app\.AgentCommandReceiver filter/,
    );
    expect((await adb('shell', 'settings', 'get', 'secure', 'enabled_notification_listeners')).out).toBe(
      'com.androperator.operator/app.androperator.operator.app.OperatorNotificationListener\n',
    );
    expect((await adb('shell', 'settings', 'get', 'secure', 'enabled_accessibility_services')).out).toBe(
      'com.androperator.operator/app.androperator.operator.app.OperatorAccessibilityService\n',
    );
  });

  it('Settings opens by component and by its intent action; a https URI opens the browser', async () => {
    expect((await adb('shell', 'am', 'start', '-W', '-n', 'com.android.settings/.MainActivity')).code).toBe(
      0,
    );
    expect((await adb('shell', 'dumpsys window | grep mCurrentFocus')).out).toMatch(
      /^ {2}mCurrentFocus=Window\{[0-9a-f]{7} u0 com\.android\.settings\/com\.android\.settings\.MainActivity\}\n$/,
    );
    await adb('shell', 'input', 'keyevent', 'KEYCODE_HOME');
    const started = await adb('shell', 'am', 'start', '-a', 'android.settings.ACCESSIBILITY_SETTINGS');
    expect(started.out).toBe('Starting: Intent { act=android.settings.ACCESSIBILITY_SETTINGS }\n');
    expect(device.android.activities.foregroundRecord()).toMatchObject({
      packageName: 'com.android.settings',
      params: { title: 'Accessibility' },
    });
    await adb('shell', 'am', 'start', '-a', 'android.intent.action.VIEW', '-d', 'https://example.com/path');
    expect((await adb('shell', 'dumpsys activity top | grep ACTIVITY')).out).toMatch(
      /^ {2}ACTIVITY com\.android\.chrome\/\.PageActivity [0-9a-f]{7} pid=\d+\n$/,
    );
    const ui = (await adb('exec-out', 'uiautomator', 'dump', '/dev/tty')).out;
    expect(ui).toContain('resource-id="com.android.chrome:id/url_bar"');
    expect(ui).toContain('text="https://example.com/path"');
  });

  it('the Operator`s open_uri with an https URI lands in the browser', async () => {
    await adb('shell', 'input', 'keyevent', 'KEYCODE_HOME');
    const payload = JSON.stringify({
      commandId: 'uri-1',
      taskId: 't',
      source: 'test',
      timeoutMs: 5000,
      actions: [{ id: 'u', type: 'open_uri', params: { uri: 'https://example.org/' } }],
    });
    await adb(
      'shell',
      `am broadcast -a app.androperator.operator.ACTION_AGENT_COMMAND -p com.androperator.operator --es payload '${payload}' --receiver-foreground`,
    );
    await expect.poll(() => device.android.activities.foreground()?.packageName).toBe('com.android.chrome');
    expect((await adb('logcat', '-d', '-v', 'raw')).out).toMatch(
      /^\[Androperator-Result\] \{"commandId":"uri-1".*"status":"success"/m,
    );
  });

  it('toybox pipelines, exit codes and error texts reach the client through shell v2', async () => {
    expect((await adb('shell', 'ps -A | grep system_server | wc -l')).out).toBe('1\n');
    expect((await adb('shell', 'getprop | grep -c ro.product')).out).toMatch(/^\d+\n$/);
    const missing = await adb('shell', 'ls', '/nope');
    expect([missing.code, missing.stderr]).toEqual([1, 'ls: /nope: No such file or directory\n']);
    expect(
      (await adb('shell', 'echo hello > /sdcard/h.txt && md5sum /sdcard/h.txt | cut -d " " -f 1')).out,
    ).toBe('b1946ac92492d2347c6235b4d2611184\n');
    expect((await adb('shell', 'head -n 1 /sdcard/h.txt; sleep 0; date +%Y | wc -c')).out).toBe('hello\n5\n');
  });

  it('adbkit reads the same properties and pipelines', async () => {
    const client = Adb.createClient({ host: '127.0.0.1', port: setup.server.port });
    const target = client.getDevice(serial);
    expect((await target.getProperties())['ro.product.manufacturer']).toBe('Google');
    const out = await readStream(await target.shell('dumpsys power | grep -E "mWakefulness=|Display Power"'));
    expect(out.toString()).toBe('  mWakefulness=Awake\nDisplay Power: state=ON\n');
  });
});
