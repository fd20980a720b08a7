/** PNG checks: a screenshot is usable only when it decodes with positive dimensions. */
import sharp from 'sharp';
import { DroidproofError } from '../contract/errors.js';
import { messageOf } from './error-message.js';

/** Seed limits: 64 MiB of capture, 32 million decoded pixels. */
export const MAX_SCREENSHOT_BYTES = 64 * 1024 * 1024;
export const MAX_SCREENSHOT_PIXELS = 32_000_000;

export interface PngGeometry {
  width: number;
  height: number;
}

/** Fully decodes `bytes` as PNG and returns its size; throws EVIDENCE_CAPTURE_FAILED otherwise. */
export async function decodePng(bytes: Uint8Array): Promise<PngGeometry> {
  if (bytes.byteLength > MAX_SCREENSHOT_BYTES) {
    throw new DroidproofError('EVIDENCE_CAPTURE_FAILED', `screenshot exceeds ${MAX_SCREENSHOT_BYTES} bytes`);
  }
  try {
    const { info } = await sharp(bytes, { failOn: 'error', limitInputPixels: MAX_SCREENSHOT_PIXELS })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const { format } = await sharp(bytes).metadata();
    if (format !== 'png') throw new Error(`image format is ${format}, not png`);
    if (info.width <= 0 || info.height <= 0) throw new Error('image has no pixels');
    return { width: info.width, height: info.height };
  } catch (error) {
    throw new DroidproofError(
      'EVIDENCE_CAPTURE_FAILED',
      `screenshot is not a decodable PNG: ${messageOf(error)}`,
    );
  }
}
