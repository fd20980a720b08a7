import { describe, expect, it } from 'vitest';
import { TEST_APPS } from '../../../test-apps/index.js';
import { createVirtualAndroid } from './device.js';
import { execShell } from './exec.js';
import { virtualApk } from './system/packages.js';

const device = () =>
  createVirtualAndroid({ serial: 'virtual-5556', apps: [...TEST_APPS], clock: { mode: 'manual' } });

describe('VirtualAndroid', () => {
  it('reports the banner product fields and shows the launcher after creation', () => {
    const d = device();
    expect(d.product).toEqual({
      name: 'droidproof_virtual',
      model: 'droidproof Virtual Device',
      device: 'virtual',
    });
    expect(d.activities.foreground()?.shortComponent).toBe('com.droidproof.launcher/.MainActivity');
  });

  it('a reboot kills apps, locks the keyguard and leaves the user locked until the first unlock (seed 001)', async () => {
    const d = device();
    d.activities.start({ packageName: 'com.droidproof.settings' });
    d.reboot({ bootDelayMs: 5000 });
    expect((await execShell(d, 'getprop sys.boot_completed')).output).toBe('0\n');
    expect(d.activities.pidOf('com.droidproof.settings')).toBeUndefined();
    d.clock.advance(5000);
    expect((await execShell(d, 'getprop sys.boot_completed')).output).toBe('1\n');
    expect(d.power.state).toEqual({
      screenOn: true,
      keyguardLocked: true,
      userUnlocked: false,
      bootCompleted: true,
    });
    await execShell(d, 'input keyevent 82');
    expect(d.power.userUnlocked).toBe(true);
    expect(d.ui.activeRoot().packageName).toBe('com.droidproof.launcher');
  });

  it('install() takes a virtual APK through the DeviceServices seam', async () => {
    const d = device();
    const ok = await d.install(
      virtualApk({ packageName: 'com.example.fresh', versionName: '3.0', versionCode: 3 }),
      ['-r'],
    );
    expect(ok).toEqual({ ok: true, output: 'Success' });
    const downgrade = await d.install(virtualApk({ packageName: 'com.example.fresh', versionCode: 2 }), []);
    expect(downgrade).toEqual({ ok: false, output: 'Failure [INSTALL_FAILED_VERSION_DOWNGRADE]' });
  });

  it('fs serves sync: stat, list and writes under /sdcard, refusing read-only paths', () => {
    const d = device();
    d.fs.write('/sdcard/Download/big.bin', Buffer.alloc(3 * 1024 * 1024, 7), 0o100644, 1_700_000_000);
    expect(d.fs.stat('/sdcard/Download/big.bin')).toEqual({
      mode: 0o100644,
      size: 3 * 1024 * 1024,
      mtime: 1_700_000_000,
    });
    expect(d.fs.list('/storage/emulated/0/Download')?.map((e) => e.name)).toEqual(['big.bin']);
    expect(() => d.fs.write('/system/x', Buffer.from('x'), 0o100644, 0)).toThrow('Read-only file system');
    expect(d.fs.stat('/data/local/tmp')?.mode).toBe(0o40771);
  });

  it('toasts can be cancelled before their duration ends', () => {
    const d = device();
    const toast = d.toasts.show('com.droidproof.login', 'bye', true);
    d.clock.advance(100);
    d.toasts.cancel(toast);
    expect(d.toasts.visible()).toEqual([]);
    expect(d.toasts.history()).toHaveLength(1);
  });

  it('dispose cancels every pending device timer', () => {
    const d = device();
    d.activities.start({ packageName: 'com.droidproof.slow' });
    expect(d.clock.pendingTimers).toBeGreaterThan(0);
    d.dispose();
    expect(d.clock.pendingTimers).toBe(0);
  });
});
