import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { TEST_APPS } from '../../../../test-apps/index.js';
import { createVirtualAndroid } from '../device.js';
import { execShell } from '../exec.js';

const device = () => createVirtualAndroid({ serial: 'virtual-5554', apps: [...TEST_APPS] });

describe('screencap', () => {
  it('screencap -p writes a PNG of the display size with drawn content (issue 3 "Screen")', async () => {
    const d = device();
    d.activities.start({ packageName: 'com.droidproof.settings' });
    const r = await execShell(d, 'screencap -p');
    expect(r.stdout.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const meta = await sharp(r.stdout).metadata();
    expect([meta.width, meta.height]).toEqual([1080, 2400]);
    const stats = await sharp(r.stdout).stats();
    // Not a blank image: text, switches and bars make the channels vary.
    expect(stats.channels[0].stdev).toBeGreaterThan(20);
  });

  it('follows rotation and turns black when the screen is off', async () => {
    const d = device();
    d.display.rotation = 1;
    const rotated = await sharp(await d.screencap()).metadata();
    expect([rotated.width, rotated.height]).toEqual([2400, 1080]);
    d.power.sleep();
    const stats = await sharp(await d.screencap()).stats();
    expect(stats.channels[0].max).toBe(0);
  });

  it('caches the PNG until the screen changes', async () => {
    const d = device();
    const first = await d.screencap();
    expect(await d.screencap()).toBe(first);
    d.activities.start({ packageName: 'com.droidproof.login' });
    const second = await d.screencap();
    expect(second).not.toBe(first);
    expect(second.equals(first)).toBe(false);
  });

  it('draws the log overlay and a toast into the picture', async () => {
    const d = device();
    d.activities.start({ packageName: 'com.droidproof.login' });
    const plain = await sharp(await d.screencap())
      .raw()
      .toBuffer();
    d.overlay.show('com.androperator.operator', ['step 1: click', 'step 2: done']);
    d.toasts.show('com.droidproof.login', 'Hello toast');
    const decorated = await sharp(await d.screencap())
      .raw()
      .toBuffer();
    let differing = 0;
    for (let i = 0; i < plain.length; i += 4) if (plain[i] !== decorated[i]) differing++;
    expect(differing).toBeGreaterThan(10_000);
  });

  it('writes screencap to a file when given a path', async () => {
    const d = device();
    expect((await execShell(d, 'screencap -p /sdcard/s.png')).exitCode).toBe(0);
    expect((await sharp(d.fs.read('/sdcard/s.png')!).metadata()).format).toBe('png');
  });
});
