// Media playback observed with device.media.observe.
const PLAYER = 'com.droidproof.player';

describe('media', () => {
  test('the position advances while playing', async () => {
    await device.closeApp(PLAYER);
    await device.openApp(PLAYER);
    await device.node({ resourceId: `${PLAYER}:id/play_pause` }).click();
    await expect(device).toHaveMediaSession({ applicationId: PLAYER, state: 'playing' });
    const observed = await device.media.observe({ applicationId: PLAYER, durationMs: 1500 });
    expect(observed.session.state).toBe('playing');
    expect(observed.reportedPositionDeltaMs).toBeGreaterThan(0);
  });
});
