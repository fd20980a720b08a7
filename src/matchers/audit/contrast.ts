/**
 * Text contrast from screenshot pixels (WCAG 2.x): the relative luminance of
 * sRGB colours, the contrast ratio of two colours, and the dominant
 * background and foreground colours of a screen region. The background is
 * the most frequent colour; the foreground the most frequent colour that is
 * visibly different from it (anti-aliased edge pixels are spread over many
 * shades, so the glyphs' solid colour outnumbers each of them). Pure.
 */

export type Rgb = readonly [number, number, number];

/** Raw pixels, row-major, `channels` bytes per pixel (RGB first). */
export interface RawImage {
  data: Uint8Array;
  width: number;
  height: number;
  channels: number;
}

export interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

function linear(channel: number): number {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance of an sRGB colour, 0 (black) to 1 (white). */
export function relativeLuminance([r, g, b]: Rgb): number {
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG contrast ratio, 1 to 21. */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

export function hex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

/** Colours closer than this (sum of channel differences) count as the background. */
const SAME_COLOUR = 24;

const distance = (a: Rgb, b: Rgb) => Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) + Math.abs(a[2] - b[2]);

export interface Swatch {
  background: Rgb;
  /** Null when the region holds one colour only (nothing drawn on it). */
  foreground: Rgb | null;
  /** Share of the region's pixels in the foreground colour. */
  foregroundShare: number;
}

/** The dominant colours inside `rect` (clipped to the image); null for an empty region. */
export function dominantColours(image: RawImage, rect: Rect): Swatch | null {
  const left = Math.max(0, Math.floor(rect.left));
  const top = Math.max(0, Math.floor(rect.top));
  const right = Math.min(image.width, Math.ceil(rect.right));
  const bottom = Math.min(image.height, Math.ceil(rect.bottom));
  if (right <= left || bottom <= top) return null;
  const counts = new Map<number, number>();
  const { data, channels, width } = image;
  for (let y = top; y < bottom; y++) {
    let i = (y * width + left) * channels;
    for (let x = left; x < right; x++, i += channels) {
      const key = (data[i] << 16) | (data[i + 1] << 8) | data[i + 2];
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  const rgb = (key: number): Rgb => [(key >> 16) & 255, (key >> 8) & 255, key & 255];
  let bgKey = -1;
  let bgCount = 0;
  for (const [key, n] of counts) if (n > bgCount) [bgKey, bgCount] = [key, n];
  const background = rgb(bgKey);
  let fgKey = -1;
  let fgCount = 0;
  for (const [key, n] of counts) {
    if (n > fgCount && distance(rgb(key), background) > SAME_COLOUR) [fgKey, fgCount] = [key, n];
  }
  const total = (right - left) * (bottom - top);
  return {
    background,
    foreground: fgKey === -1 ? null : rgb(fgKey),
    foregroundShare: fgCount / total,
  };
}
