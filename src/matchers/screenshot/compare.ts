/**
 * Screenshot comparison on raw RGBA pixels: masks painted over both images
 * (so a clock or animation never counts), pixelmatch's per-pixel colour
 * distance with its `threshold` (0-1, anti-aliased pixels ignored), and the
 * diff image. PNG encoding and decoding go through sharp.
 */
import pixelmatch from 'pixelmatch';
import sharp from 'sharp';
import type { RawImage, Rect } from '../audit/contrast.js';

/** Masked areas are painted in this colour, as Playwright does. */
export const MASK_COLOUR = [255, 0, 255] as const;

/** A copy of `image` (RGBA) with every rect filled with the mask colour. */
export function paintMasks(image: RawImage, masks: readonly Rect[]): RawImage {
  const data = Uint8Array.from(image.data);
  for (const m of masks) {
    const left = Math.max(0, Math.floor(m.left));
    const right = Math.min(image.width, Math.ceil(m.right));
    const top = Math.max(0, Math.floor(m.top));
    const bottom = Math.min(image.height, Math.ceil(m.bottom));
    for (let y = top; y < bottom; y++) {
      for (let x = left; x < right; x++) {
        const i = (y * image.width + x) * image.channels;
        data[i] = MASK_COLOUR[0];
        data[i + 1] = MASK_COLOUR[1];
        data[i + 2] = MASK_COLOUR[2];
        if (image.channels === 4) data[i + 3] = 255;
      }
    }
  }
  return { ...image, data };
}

export interface Comparison {
  /** Set when the sizes differ; then nothing else was compared. */
  sizeMismatch: string | null;
  diffPixels: number;
  /** diffPixels / all pixels. */
  diffRatio: number;
  /** RGBA diff image (changed pixels red over a faded copy of the baseline). */
  diff: RawImage | null;
}

/** Compares two RGBA images of one size; `threshold` is pixelmatch's (default 0.1). */
export function compareImages(expected: RawImage, actual: RawImage, threshold = 0.1): Comparison {
  if (expected.width !== actual.width || expected.height !== actual.height) {
    return {
      sizeMismatch: `baseline is ${expected.width}x${expected.height}, the screen is ${actual.width}x${actual.height}`,
      diffPixels: actual.width * actual.height,
      diffRatio: 1,
      diff: null,
    };
  }
  const { width, height } = actual;
  const out = new Uint8Array(width * height * 4);
  const diffPixels = pixelmatch(expected.data, actual.data, out, width, height, { threshold });
  return {
    sizeMismatch: null,
    diffPixels,
    diffRatio: diffPixels / (width * height),
    diff: { data: out, width, height, channels: 4 },
  };
}

export function encodePng(image: RawImage): Promise<Buffer> {
  return sharp(image.data, {
    raw: { width: image.width, height: image.height, channels: image.channels as 4 },
  })
    .png({ compressionLevel: 6 })
    .toBuffer();
}
