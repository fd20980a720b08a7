import { describe, expect, it } from 'vitest';
import { contrastRatio, dominantColours, hex, type RawImage, relativeLuminance } from './contrast.js';

function image(
  width: number,
  height: number,
  paint: (x: number, y: number) => [number, number, number],
): RawImage {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const [r, g, b] = paint(x, y);
      data.set([r, g, b, 255], (y * width + x) * 4);
    }
  return { data, width, height, channels: 4 };
}

describe('WCAG contrast', () => {
  it('relative luminance and the ratio follow WCAG 2 (black on white is 21:1)', () => {
    expect(relativeLuminance([255, 255, 255])).toBe(1);
    expect(relativeLuminance([0, 0, 0])).toBe(0);
    expect(contrastRatio([0, 0, 0], [255, 255, 255])).toBe(21);
    expect(contrastRatio([255, 255, 255], [0, 0, 0])).toBe(21);
    // #767676 on white is the well-known 4.54:1 threshold grey.
    expect(contrastRatio([0x76, 0x76, 0x76], [255, 255, 255])).toBeCloseTo(4.54, 2);
    expect(contrastRatio([0xc4, 0xc4, 0xc4], [0xfa, 0xfa, 0xfa])).toBeCloseTo(1.67, 2);
  });

  it('the background is the commonest colour, the foreground the commonest visibly different one', () => {
    // A white field with a 3-px dark bar (the "glyph") and a ring of anti-aliased greys.
    const img = image(40, 20, (x, y) => {
      if (x >= 10 && x < 13) return [32, 33, 36];
      if (x === 9 || x === 13) return y % 2 ? [120, 120, 120] : [180, 180, 180];
      return [250, 250, 250];
    });
    const swatch = dominantColours(img, { left: 0, top: 0, right: 40, bottom: 20 });
    expect(swatch && hex(swatch.background)).toBe('#fafafa');
    expect(swatch?.foreground && hex(swatch.foreground)).toBe('#202124');
  });

  it('a single-colour region has no foreground; a region off the image is null', () => {
    const img = image(10, 10, () => [0, 0, 255]);
    expect(dominantColours(img, { left: 2, top: 2, right: 8, bottom: 8 })?.foreground).toBeNull();
    expect(dominantColours(img, { left: 20, top: 20, right: 30, bottom: 30 })).toBeNull();
  });
});
