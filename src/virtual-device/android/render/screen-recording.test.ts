import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { readPngChunks } from '../../../contract/media/png-chunks.js';
import { ScreenRecording } from './screen-recording.js';

const solid = (width: number, height: number, r: number) =>
  sharp({ create: { width, height, channels: 4, background: { r, g: 0, b: 0, alpha: 1 } } })
    .png()
    .toBuffer();

const frameCount = (apng: Buffer) =>
  readPngChunks(apng)
    .find((c) => c.type === 'acTL')!
    .data.readUInt32BE(0);

describe('ScreenRecording', () => {
  it('keeps a frame only when the screen changed, and no more frames than its bound', async () => {
    const [red, blue] = [await solid(40, 80, 255), await solid(40, 80, 0)];
    let calls = 0;
    // A new Buffer on every call is a changed screen: the bound is what stops the frames.
    const recording = new ScreenRecording(
      async () => {
        calls++;
        return Buffer.from(calls % 2 ? red : blue);
      },
      { width: 40, height: 80 },
      { pollMs: 1, maxFrames: 5, maxBytes: 1 << 20 },
    );
    await expect.poll(() => recording.frameCount, { timeout: 5_000 }).toBe(5);
    const file = await recording.finish();
    expect(frameCount(file)).toBe(5);
    // At the bound the screen is not even read any more.
    expect(calls).toBe(5);

    // The same Buffer is the same screen: one frame however often it is read.
    let reads = 0;
    const idle = new ScreenRecording(
      async () => {
        reads++;
        return red;
      },
      { width: 40, height: 80 },
      { pollMs: 1, maxFrames: 50, maxBytes: 1 << 20 },
    );
    await expect.poll(() => reads).toBeGreaterThan(10);
    expect(frameCount(await idle.finish())).toBe(1);
  });

  it('fits a screen of another size into the canvas', async () => {
    const recording = new ScreenRecording(async () => solid(80, 160, 255), { width: 40, height: 40 });
    const ihdr = readPngChunks(await recording.finish()).find((c) => c.type === 'IHDR')!.data;
    expect([ihdr.readUInt32BE(0), ihdr.readUInt32BE(4)]).toEqual([40, 40]);
  });
});
