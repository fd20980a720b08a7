// Performance: a cold start timed by `am start -W` (TotalTime), and jank from `dumpsys gfxinfo <pkg> framestats`.
import { describe, expect, test } from 'droidproof/vitest';

const FRAMES = 'com.droidproof.frames';

describe('performance', () => {
  test('the frames app starts cold within a second', async ({ device }) => {
    await expect(device).toStartWithin(1000, FRAMES);
  });

  test('a smooth animation has no jank; the janky one drops every third frame', async ({ device }) => {
    await device.openApp(FRAMES);
    await device.metrics.resetFrames(FRAMES);
    await device.node({ resourceId: `${FRAMES}:id/animate` }).click();
    await expect(device.node({ resourceId: `${FRAMES}:id/status` })).toHaveText(/^Animation done/);
    expect(await device.metrics.frames(FRAMES)).toHaveJankBelow(1);

    await device.metrics.resetFrames(FRAMES);
    await device.node({ resourceId: `${FRAMES}:id/animate_jank` }).click();
    await expect(device.node({ resourceId: `${FRAMES}:id/status` })).toHaveText(/done \(2\)/);
    const janky = await device.metrics.frames(FRAMES);
    expect(janky.p90Ms).toBeGreaterThan(16.7);
    expect(janky).not.toHaveJankBelow(25);
  });
});
