import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEST_APPS } from '../../../../../test-apps/index.js';
import { readPngChunks } from '../../../../contract/media/png-chunks.js';
import { createVirtualAndroid, type VirtualAndroid } from '../../device.js';
import { execShell } from '../../exec.js';

let d: VirtualAndroid;
const sh = (line: string) => execShell(d, line);

beforeEach(() => {
  d = createVirtualAndroid({
    serial: 'virtual-5554',
    apps: [...TEST_APPS],
    display: { width: 360, height: 640 },
  });
});
afterEach(() => d.dispose());

/** Resolves once `ps` lists a screenrecord, with its pid. */
async function recorderPid(): Promise<number> {
  for (;;) {
    const row = (await sh('ps -A -o PID,NAME')).output
      .split('\n')
      .find((line) => line.endsWith(' screenrecord'));
    if (row) return Number(row.trim().split(/\s+/)[0]);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

function animation(file: Buffer) {
  const chunks = readPngChunks(file);
  const ihdr = chunks.find((c) => c.type === 'IHDR')!.data;
  return {
    width: ihdr.readUInt32BE(0),
    height: ihdr.readUInt32BE(4),
    frames: chunks.find((c) => c.type === 'acTL')!.data.readUInt32BE(0),
    frameControls: chunks.filter((c) => c.type === 'fcTL').length,
  };
}

describe('screenrecord', () => {
  it('records until SIGINT (pkill -INT) and writes an animated PNG of the screens it saw', async () => {
    const run = sh('screenrecord --time-limit 30 /sdcard/clip.mp4');
    await recorderPid();
    await sh('am start -n com.droidproof.login/.MainActivity');
    expect((await sh('pkill -INT screenrecord')).exitCode).toBe(0);
    expect(await run).toMatchObject({ exitCode: 0, stderr: '' });
    const file = d.fs.read('/sdcard/clip.mp4')!;
    const clip = animation(file);
    expect(clip).toMatchObject({ width: 360, height: 640 });
    expect(clip.frames).toBeGreaterThan(1);
    expect(clip.frameControls).toBe(clip.frames);
    // Its default image decodes as a plain PNG of the canvas size.
    expect(await sharp(file).metadata()).toMatchObject({ format: 'png', width: 360, height: 640 });
    expect((await sh('ps -A -o NAME')).output).not.toMatch(/screenrecord/);
  });

  it('stops on kill -2 PID and on its time limit; SIGTERM leaves the file unfinished', async () => {
    const interrupted = sh('screenrecord --size 180x320 /sdcard/a.mp4');
    expect((await sh(`kill -2 ${await recorderPid()}`)).exitCode).toBe(0);
    expect((await interrupted).exitCode).toBe(0);
    expect(animation(d.fs.read('/sdcard/a.mp4')!)).toMatchObject({ width: 180, height: 320, frames: 1 });

    const started = performance.now();
    expect((await sh('screenrecord --time-limit 1 /sdcard/b.mp4')).exitCode).toBe(0);
    expect(performance.now() - started).toBeGreaterThanOrEqual(990);
    expect(animation(d.fs.read('/sdcard/b.mp4')!).frames).toBeGreaterThanOrEqual(1);

    const terminated = sh('screenrecord /sdcard/c.mp4');
    await sh(`kill ${await recorderPid()}`);
    expect((await terminated).exitCode).toBe(143);
    expect(d.fs.read('/sdcard/c.mp4')!.byteLength).toBe(0);
  });

  it('finishes the file when its adb stream closes (SIGHUP); ps shows its command line for pkill -f', async () => {
    const hangUp = new AbortController();
    const run = execShell(d, 'screenrecord /sdcard/hup.mp4', { signal: hangUp.signal });
    await recorderPid();
    expect((await sh('ps -A -o NAME,ARGS')).output).toContain('screenrecord screenrecord /sdcard/hup.mp4');
    expect((await sh('pkill -0 -f nothing-like-it')).exitCode).toBe(1);
    expect((await sh('pkill -0 -f hup\\.mp4')).exitCode).toBe(0);
    hangUp.abort();
    expect((await run).exitCode).toBe(0);
    expect(animation(d.fs.read('/sdcard/hup.mp4')!).frames).toBe(1);
  });

  it('refuses a time limit over 180 s, a missing file and unknown options, as the phone does', async () => {
    expect(await sh('screenrecord --time-limit 181 /sdcard/x.mp4')).toMatchObject({
      exitCode: 2,
      stderr: 'Time limit 181s outside acceptable range [1,180]\n',
    });
    expect(await sh('screenrecord')).toMatchObject({
      exitCode: 2,
      stderr: 'Must specify output file (see --help).\n',
    });
    expect((await sh('screenrecord --nope /sdcard/x.mp4')).exitCode).toBe(2);
    expect((await sh('screenrecord --help')).stderr).toMatch(/--time-limit TIME/);
    expect((await sh('pkill -INT screenrecord')).exitCode).toBe(1);
  });
});
