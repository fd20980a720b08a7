import { describe, expect, it } from 'vitest';
import type { RawImage } from '../audit/contrast.js';
import { baselinePath, screenshotName, updateMode } from './baseline.js';
import { compareImages, MASK_COLOUR, paintMasks } from './compare.js';

function solid(width: number, height: number, rgb: [number, number, number]): RawImage {
  const data = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) data.set([...rgb, 255], i * 4);
  return { data, width, height, channels: 4 };
}

describe('screenshot baselines', () => {
  it('live in __screenshots__/<test file>/<name>.png beside the test', () => {
    expect(baselinePath('/p/test/login.test.ts', 'welcome')).toBe(
      '/p/test/__screenshots__/login.test.ts/welcome.png',
    );
    expect(screenshotName('dark mode.png')).toBe('dark mode.png');
    for (const bad of ['../x', 'a/b', '', '.hidden']) {
      expect(() => screenshotName(bad)).toThrow(expect.objectContaining({ code: 'MATCHER_INVALID' }));
    }
  });

  it("-u writes; the runner's none mode or CI forbid writing a missing baseline; otherwise new", () => {
    expect(updateMode({ _updateSnapshot: 'all' }, { CI: '1' })).toBe('all');
    expect(updateMode({ _updateSnapshot: 'none' }, {})).toBe('none');
    expect(updateMode({ _updateSnapshot: 'new' }, { CI: 'true' })).toBe('none');
    expect(updateMode({ _updateSnapshot: 'new' }, { CI: 'false' })).toBe('new');
    expect(updateMode(undefined, {})).toBe('new');
  });
});

describe('compareImages', () => {
  it('counts differing pixels; masks painted over both images remove them', () => {
    const base = solid(10, 10, [250, 250, 250]);
    const changed = solid(10, 10, [250, 250, 250]);
    for (let y = 0; y < 2; y++)
      for (let x = 0; x < 5; x++) changed.data.set([0, 0, 0, 255], (y * 10 + x) * 4);
    const plain = compareImages(base, changed);
    expect(plain.diffPixels).toBe(10);
    expect(plain.diffRatio).toBe(0.1);
    expect(plain.diff?.width).toBe(10);
    const mask = [{ left: 0, top: 0, right: 5, bottom: 2 }];
    expect(compareImages(paintMasks(base, mask), paintMasks(changed, mask)).diffPixels).toBe(0);
    expect([...paintMasks(base, mask).data.slice(0, 3)]).toEqual([...MASK_COLOUR]);
    // The original is untouched.
    expect(base.data[0]).toBe(250);
  });

  it('a size change fails whole', () => {
    const result = compareImages(solid(10, 10, [0, 0, 0]), solid(10, 12, [0, 0, 0]));
    expect(result.sizeMismatch).toBe('baseline is 10x10, the screen is 10x12');
    expect(result.diffRatio).toBe(1);
  });
});
