import { describe, expect, it } from 'vitest';
import { TEST_APPS } from '../../../test-apps/index.js';
import { createVirtualAndroid } from './device.js';
import { execShell } from './exec.js';

const device = () =>
  createVirtualAndroid({ serial: 'virtual-5556', apps: [...TEST_APPS], clock: { mode: 'manual' } });

describe('VirtualAndroid', () => {
  it('reports the banner product fields and shows the launcher after creation', () => {
    const d = device();
    expect(d.product).toEqual({
      name: 'sdk_gphone64_x86_64',
      model: 'sdk_gphone64_x86_64',
      device: 'emu64xa',
    });
    expect(d.activities.foreground()?.shortComponent).toBe('com.android.launcher3/.MainActivity');
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
    expect(d.ui.activeRoot().packageName).toBe('com.android.launcher3');
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
