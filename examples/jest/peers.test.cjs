// The audit, screenshot and performance matchers under Jest (baseline in __screenshots__/peers.test.cjs/).
const AUDIT = 'com.droidproof.audit';
const FRAMES = 'com.droidproof.frames';

describe('beyond the peers', () => {
  test('the clean audit screen passes the accessibility audit', async () => {
    await device.closeApp(AUDIT);
    await device.openApp(AUDIT);
    await device.node({ resourceId: `${AUDIT}:id/open_clean` }).click();
    await expect(device).toShowNode({ textEquals: 'Everything here is labelled' });
    await expect(device).toPassAccessibilityAudit();
  });

  test('the idle frames screen matches its baseline', async () => {
    await device.closeApp(FRAMES);
    await device.openApp(FRAMES);
    await expect(device.node({ resourceId: `${FRAMES}:id/status` })).toHaveText('Idle');
    await expect(device).toMatchScreenshot('frames-idle');
  });

  test('a cold start within a second, and a smooth animation without jank', async () => {
    await expect(device).toStartWithin(1000, FRAMES);
    await device.metrics.resetFrames(FRAMES);
    await device.node({ resourceId: `${FRAMES}:id/animate` }).click();
    await expect(device.node({ resourceId: `${FRAMES}:id/status` })).toHaveText(/^Animation done/);
    expect(await device.metrics.frames(FRAMES)).toHaveJankBelow(1);
  });
});
