// Screenshot comparison: the baseline lives in __screenshots__/screenshot.test.ts/ beside this file
// (written on the first run, rewritten with -u); the status bar clock is masked by default.
import { describe, expect, test } from 'droidproof/vitest';

const FRAMES = 'com.droidproof.frames';

describe('screenshots', () => {
  test('the idle frames screen looks like its baseline', async ({ device }) => {
    await device.closeApp(FRAMES);
    await device.openApp(FRAMES);
    await expect(device.node({ resourceId: `${FRAMES}:id/status` })).toHaveText('Idle');
    await expect(device).toMatchScreenshot('frames-idle');
  });

  test('after an animation: the status line and the moving box are masked', async ({ device }) => {
    await device.closeApp(FRAMES);
    await device.openApp(FRAMES);
    await device.node({ resourceId: `${FRAMES}:id/animate` }).click();
    await expect(device.node({ resourceId: `${FRAMES}:id/status` })).toHaveText(/^Animation done/);
    await expect(device).toMatchScreenshot('frames-done', {
      mask: [{ resourceId: `${FRAMES}:id/status` }, { resourceId: `${FRAMES}:id/box` }],
    });
  });
});
