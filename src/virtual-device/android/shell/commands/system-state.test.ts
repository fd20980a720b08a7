import { describe, expect, it } from 'vitest';
import { TEST_APPS } from '../../../../../test-apps/index.js';
import { parseHierarchyXml } from '../../../../contract/selector/hierarchy-xml.js';
import { createVirtualAndroid } from '../../device.js';
import { execShell } from '../../exec.js';
import { byId, findNode } from '../../ui/find.js';

const device = () => createVirtualAndroid({ serial: 'virtual-5554', apps: [...TEST_APPS] });

describe('dumpsys', () => {
  it('package: versionName= and versionCode= lines (brief: Operator version)', async () => {
    const r = await execShell(device(), 'dumpsys package com.droidproof.settings');
    expect(r.output).toMatch(/^ {4}versionName=2\.4\.0$/m);
    expect(r.output).toMatch(/versionCode=1 minSdk=\d+ targetSdk=\d+/);
  });

  it('window: mCurrentFocus and mFocusedApp name the foreground activity', async () => {
    const d = device();
    await execShell(d, 'am start -n com.droidproof.login/.MainActivity');
    const r = await execShell(d, 'dumpsys window windows');
    expect(r.output).toMatch(
      /^ {2}mCurrentFocus=Window\{[0-9a-f]{7} u0 com\.droidproof\.login\/com\.droidproof\.login\.MainActivity\}$/m,
    );
    expect(r.output).toMatch(
      /mFocusedApp=ActivityRecord\{[0-9a-f]{7} u0 com\.droidproof\.login\/\.MainActivity t\d+\}/,
    );
  });

  it('activity: mResumedActivity and topResumedActivity', async () => {
    const d = device();
    await execShell(d, 'am start -n com.droidproof.shopping/.MainActivity');
    const r = await execShell(d, 'dumpsys activity activities');
    expect(r.output).toMatch(
      /topResumedActivity=ActivityRecord\{\w+ u0 com\.droidproof\.shopping\/\.MainActivity t\d+\}/,
    );
    expect(r.output).toMatch(
      /mResumedActivity: ActivityRecord\{\w+ u0 com\.droidproof\.shopping\/\.MainActivity/,
    );
  });

  it('activity top: the TASK and ACTIVITY lines of the resumed activity, with its pid', async () => {
    const d = device();
    await execShell(d, 'am start -n com.droidproof.shopping/.MainActivity');
    const pid = d.activities.pidOf('com.droidproof.shopping');
    const r = await execShell(d, 'dumpsys activity top | grep -E "^(TASK| +ACTIVITY)"');
    expect(r.output).toMatch(
      new RegExp(
        `^TASK \\d+:com\\.droidproof\\.shopping id=\\d+ userId=0\n {2}ACTIVITY com\\.droidproof\\.shopping/\\.MainActivity [0-9a-f]{7} pid=${pid}\n$`,
      ),
    );
    const activities = (await execShell(d, 'dumpsys activity activities')).output;
    expect(activities).toMatch(
      /^ {2}\* Task\{\w+ #\d+ type=standard A=\d+:com\.droidproof\.shopping U=0 visible=true/m,
    );
    expect(activities).toMatch(
      /^ {2}\* Task\{\w+ #\d+ type=home A=\d+:com\.android\.launcher3 U=0 visible=false/m,
    );
  });

  it('input_method: mInputShown turns true while a text field has focus', async () => {
    const d = device();
    await execShell(d, 'am start -n com.droidproof.login/.MainActivity');
    expect((await execShell(d, 'dumpsys input_method | grep mInputShown')).output).toBe(
      '  mInputShown=false\n',
    );
    const field = findNode(d.ui.activeRoot(), byId('com.droidproof.login:id/email'))!;
    d.ui.click(field);
    expect((await execShell(d, 'dumpsys input_method | grep mInputShown')).output).toBe(
      '  mInputShown=true\n',
    );
  });

  it('power and display follow the screen state', async () => {
    const d = device();
    expect((await execShell(d, 'dumpsys power')).output).toMatch(
      /mWakefulness=Awake[\s\S]*Display Power: state=ON/,
    );
    await execShell(d, 'input keyevent KEYCODE_SLEEP');
    expect((await execShell(d, 'dumpsys power')).output).toMatch(
      /mWakefulness=Asleep[\s\S]*Display Power: state=OFF/,
    );
    expect((await execShell(d, 'dumpsys display')).output).toContain('mScreenState=OFF');
    await execShell(d, 'cmd power wakeup');
    expect(d.power.screenOn).toBe(true);
    expect(d.power.keyguardLocked).toBe(true);
  });

  it('input: SurfaceOrientation follows the rotation', async () => {
    const d = device();
    await execShell(d, 'settings put system user_rotation 1');
    const r = await execShell(d, 'dumpsys input');
    expect(r.output).toContain('SurfaceOrientation: 1');
    expect(r.output).toContain('SurfaceWidth: 2400px');
  });
});

describe('wm and settings', () => {
  it('wm size and density, with overrides and reset', async () => {
    const d = device();
    expect((await execShell(d, 'wm size')).output).toBe('Physical size: 1080x2400\n');
    expect((await execShell(d, 'wm density')).output).toBe('Physical density: 420\n');
    await execShell(d, 'wm size 720x1600 && wm density 320');
    expect((await execShell(d, 'wm size')).output).toBe(
      'Physical size: 1080x2400\nOverride size: 720x1600\n',
    );
    expect((await execShell(d, 'wm density')).output).toBe('Physical density: 420\nOverride density: 320\n');
    await execShell(d, 'wm size reset');
    expect(d.display.size).toEqual({ width: 1080, height: 2400 });
  });

  it('settings get prints null for unknown keys and put stores values', async () => {
    const d = device();
    expect((await execShell(d, 'settings get global adb_enabled')).output).toBe('1\n');
    expect((await execShell(d, 'settings get secure nothing_here')).output).toBe('null\n');
    await execShell(d, 'settings put secure enabled_accessibility_services a/b');
    expect((await execShell(d, 'settings get secure enabled_accessibility_services')).output).toBe('a/b\n');
    expect((await execShell(d, 'settings get bogus x')).exitCode).toBe(255);
  });
});

describe('input', () => {
  it('taps, types, deletes and presses keys on the foreground app', async () => {
    const d = device();
    await execShell(d, 'am start -n com.droidproof.login/.MainActivity');
    const bounds = findNode(d.ui.activeRoot(), byId('com.droidproof.login:id/email'))!.bounds!;
    await execShell(d, `input tap ${(bounds.left + bounds.right) / 2} ${(bounds.top + bounds.bottom) / 2}`);
    await execShell(d, "input text 'ada@example.comX' && input keyevent 67");
    expect(d.activities.app('com.droidproof.login')!.state.email).toBe('ada@example.com');
    expect(d.inputLog).toEqual([expect.stringMatching(/^tap /), 'text ada@example.comX', 'keyevent 67']);
    await execShell(d, 'input keyevent KEYCODE_BACK');
    expect(d.activities.foreground()?.packageName).toBe('com.android.launcher3');
  });

  it('rejects an unknown key name', async () => {
    const r = await execShell(device(), 'input keyevent KEYCODE_NOPE');
    expect(r.exitCode).toBe(1);
  });
});

describe('files and processes', () => {
  it('ls, cat, rm on /sdcard', async () => {
    const d = device();
    await execShell(d, 'echo x > /sdcard/Download/f.txt');
    expect((await execShell(d, 'ls /sdcard/Download')).output).toBe('f.txt\n');
    expect((await execShell(d, 'rm /sdcard/Download/f.txt && cat /sdcard/Download/f.txt')).stderr).toBe(
      'cat: /sdcard/Download/f.txt: No such file or directory\n',
    );
  });

  it('refuses writes outside the writable roots', async () => {
    const r = await execShell(device(), 'echo x > /system/evil');
    expect(r.stderr).toContain("can't create /system/evil");
  });

  it('id and date answer like toybox', async () => {
    const d = device();
    expect((await execShell(d, 'id')).output).toMatch(/^uid=2000\(shell\) gid=2000\(shell\) groups=/);
    const seconds = Number((await execShell(d, 'date +%s')).output);
    expect(Math.abs(seconds - d.clock.wallTime() / 1000)).toBeLessThan(2);
  });
});

describe('uiautomator dump', () => {
  it('writes the UI Automator XML of the screen and prints the real message', async () => {
    const d = device();
    await execShell(d, 'am start -n com.droidproof.settings/.MainActivity');
    const r = await execShell(d, 'uiautomator dump /sdcard/ui.xml');
    expect(r.output).toBe('UI hierchary dumped to: /sdcard/ui.xml\n');
    const xml = d.fs.read('/sdcard/ui.xml')!.toString();
    expect(
      xml.startsWith("<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation=\"0\">"),
    ).toBe(true);
    const parsed = parseHierarchyXml(xml);
    expect(JSON.stringify(parsed)).toContain('"text":"Network & internet"');
    expect(xml).toContain('visible-to-user="true"');
  });
});
