import { describe, expect, it } from 'vitest';
import { TEST_APPS } from '../../../../../test-apps/index.js';
import { createVirtualAndroid } from '../../device.js';
import { execShell } from '../../exec.js';

const OPERATOR = { packageName: 'com.androperator.operator.dev', versionName: '0.1.0-d', versionCode: 1 };
const device = () =>
  createVirtualAndroid({ serial: 'virtual-5554', apps: [...TEST_APPS], packages: [OPERATOR] });

describe('getprop', () => {
  it('lists every property as [key]: [value] (research 11)', async () => {
    const r = await execShell(device(), 'getprop');
    expect(r.output).toMatch(/^\[dev\.bootcomplete\]: \[1\]\n/);
    expect(r.output).toContain('[ro.kernel.qemu]: [1]\n');
    expect(r.output).toContain('[ro.serialno]: [virtual-5554]\n');
  });

  it('prints one value, or an empty line when unset', async () => {
    const d = device();
    expect((await execShell(d, 'getprop ro.build.version.sdk')).output).toBe('34\n');
    expect((await execShell(d, 'getprop no.such.prop')).output).toBe('\n');
  });
});

describe('pm', () => {
  it('lists packages, with -f code paths and a substring filter', async () => {
    const d = device();
    const all = (await execShell(d, 'pm list packages')).output.split('\n');
    expect(all).toContain('package:com.droidproof.settings');
    const filtered = await execShell(d, 'pm list packages -f androperator');
    expect(filtered.output).toMatch(
      /^package:\/data\/app\/~~[\w-]+==\/com\.androperator\.operator\.dev-[\w-]+==\/base\.apk=com\.androperator\.operator\.dev\n$/,
    );
  });

  it('prints pm path, and exits 1 silently for a missing package', async () => {
    const d = device();
    expect((await execShell(d, 'pm path com.droidproof.login')).output).toMatch(
      /^package:\/data\/app\/.*\/base\.apk\n$/,
    );
    const missing = await execShell(d, 'pm path com.nope');
    expect([missing.exitCode, missing.output]).toEqual([1, '']);
  });

  it('uninstalls, refusing a missing package', async () => {
    const d = device();
    expect((await execShell(d, 'pm uninstall com.droidproof.shopping')).output).toBe('Success\n');
    expect(d.packages.isInstalled('com.droidproof.shopping')).toBe(false);
    expect((await execShell(d, 'pm uninstall com.droidproof.shopping')).output).toBe(
      'Failure [DELETE_FAILED_INTERNAL_ERROR]\n',
    );
  });

  it('pm clear resets app state including persistent keys; unknown package prints Failed', async () => {
    const d = device();
    d.activities.start({ packageName: 'com.droidproof.settings' });
    const app = d.activities.app('com.droidproof.settings')!;
    app.state.switches = { ...app.state.switches, Bluetooth: true };
    expect((await execShell(d, 'pm clear com.droidproof.settings')).output).toBe('Success\n');
    d.activities.start({ packageName: 'com.droidproof.settings' });
    expect(d.activities.app('com.droidproof.settings')!.state.switches.Bluetooth).toBe(false);
    expect((await execShell(d, 'pm clear com.nope')).output).toBe('Failed\n');
  });

  it('grants permissions, and fails with exit 255 for an unknown package', async () => {
    const d = device();
    expect(
      (await execShell(d, 'pm grant com.droidproof.player android.permission.POST_NOTIFICATIONS')).exitCode,
    ).toBe(0);
    expect(
      d.packages
        .get('com.droidproof.player')!
        .grantedPermissions.has('android.permission.POST_NOTIFICATIONS'),
    ).toBe(true);
    const r = await execShell(d, 'pm grant com.nope android.permission.X');
    expect(r.exitCode).toBe(255);
    expect(r.stderr).toMatch(/^Exception occurred while executing 'grant':/);
  });
});

describe('am', () => {
  it('starts a component with -W and reports the launch (research 11)', async () => {
    const d = device();
    const r = await execShell(d, 'am start -W -n com.droidproof.login/.MainActivity');
    expect(r.output).toMatch(
      /^Starting: Intent \{ cmp=com\.droidproof\.login\/\.MainActivity \}\nStatus: ok\nLaunchState: COLD\nActivity: com\.droidproof\.login\/\.MainActivity\nTotalTime: \d+\nWaitTime: \d+\nComplete\n$/,
    );
    expect(d.activities.foreground()?.shortComponent).toBe('com.droidproof.login/.MainActivity');
  });

  it('prints Error: for a missing activity class', async () => {
    const r = await execShell(device(), 'am start -n com.droidproof.login/.NopeActivity');
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain(
      'Error: Activity class {com.droidproof.login/com.droidproof.login.NopeActivity} does not exist.',
    );
  });

  it('routes a VIEW URI to the app that declares the deep link', async () => {
    const d = device();
    await execShell(d, 'am start -a android.intent.action.VIEW -d droidproof://settings/Battery');
    expect(d.activities.foreground()?.shortComponent).toBe('com.droidproof.settings/.DetailActivity');
    const texts = JSON.stringify(d.ui.hierarchy());
    expect(texts).toContain('"text":"Battery settings"');
  });

  it('force-stop kills the process and returns to the launcher', async () => {
    const d = device();
    await execShell(d, 'am start -n com.droidproof.slow/.MainActivity');
    expect((await execShell(d, 'pidof com.droidproof.slow')).output).toMatch(/^\d+\n$/);
    expect((await execShell(d, 'am force-stop com.droidproof.slow')).output).toBe('');
    expect((await execShell(d, 'pidof com.droidproof.slow')).exitCode).toBe(1);
    expect(d.activities.foreground()?.packageName).toBe('com.android.launcher3');
  });

  it('broadcasts with typed extras to a registered receiver and prints the intent (brief: dispatch)', async () => {
    const d = device();
    const received: unknown[] = [];
    d.broadcasts.register('app.androperator.operator.ACTION_AGENT_COMMAND', OPERATOR.packageName, (intent) =>
      received.push(intent),
    );
    const r = await execShell(
      d,
      `am broadcast -a app.androperator.operator.ACTION_AGENT_COMMAND -p ${OPERATOR.packageName} --es payload '{"q":"it'"'"'s"}' --ei n 5 --ez flag true --receiver-foreground`,
    );
    expect(r.output).toBe(
      `Broadcasting: Intent { act=app.androperator.operator.ACTION_AGENT_COMMAND flg=0x10400000 pkg=${OPERATOR.packageName} (has extras) }\nBroadcast completed: result=0\n`,
    );
    expect(received).toEqual([
      {
        action: 'app.androperator.operator.ACTION_AGENT_COMMAND',
        packageName: OPERATOR.packageName,
        component: undefined,
        extras: { payload: `{"q":"it's"}`, n: 5, flag: true },
        foreground: true,
      },
    ]);
    expect(d.activities.pidOf(OPERATOR.packageName)).toBeGreaterThan(0);
  });

  it('does not deliver to another package, nor to an uninstalled one', async () => {
    const d = device();
    let count = 0;
    d.broadcasts.register('x.ACTION', 'com.droidproof.player', () => count++);
    await execShell(d, 'am broadcast -a x.ACTION -p com.droidproof.login');
    d.packages.uninstall('com.droidproof.player');
    const r = await execShell(d, 'am broadcast -a x.ACTION');
    expect(count).toBe(0);
    expect(r.output).toContain('Broadcast completed: result=0');
  });

  it('rejects a non-integer --ei value', async () => {
    const r = await execShell(device(), 'am broadcast -a x --ei n five');
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain('For input string: "five"');
  });

  it('reports the current user and its unlock state (seed 001: before first unlock)', async () => {
    const d = device();
    expect((await execShell(d, 'am get-current-user')).output).toBe('0\n');
    expect((await execShell(d, 'am get-started-user-state 0')).output).toBe('RUNNING_UNLOCKED\n');
    d.reboot();
    expect((await execShell(d, 'am get-started-user-state 0')).output).toBe('RUNNING_LOCKED\n');
  });
});
