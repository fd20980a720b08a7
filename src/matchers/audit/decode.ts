/** Decodes a PNG screenshot to raw RGBA pixels for the pixel-reading matchers. */
import sharp from 'sharp';
import type { RawImage } from './contrast.js';

export async function decodeRgba(png: Uint8Array): Promise<RawImage> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}
