// Media playback: the player's session observed through the Operator with device.media.observe.
import { describe, expect, test } from 'droidproof/vitest';

const PLAYER = 'com.droidproof.player';

describe('media', () => {
  test('playback advances while playing and stops advancing when paused', async ({ device }) => {
    await device.closeApp(PLAYER);
    await device.openApp(PLAYER);
    await expect(device).toHaveMediaSession({ applicationId: PLAYER, state: 'paused' });

    await device.node({ resourceId: `${PLAYER}:id/play_pause` }).click();
    await expect(device).toHaveMediaSession({ applicationId: PLAYER, state: 'playing' });
    const playing = await device.media.observe({ applicationId: PLAYER, durationMs: 1500 });
    expect(playing.session.state).toBe('playing');
    expect(playing.newPlayerReportCount).toBeGreaterThan(0);
    expect(playing.reportedPositionDeltaMs).toBeGreaterThan(0);

    // A wait makes the receipt confirm the player's reported state; without one it only reports the dispatch.
    const paused = await device.media.pause({ applicationId: PLAYER, waitTimeoutMs: 2000 });
    expect(paused.targetStateObserved).toBe(true);
    expect(paused.session.state).toBe('paused');
    await expect(device).toHaveMediaSession({ applicationId: PLAYER, state: 'paused' });
    // Paused: over 1.2 s the reported position does not move, and neither does the position
    // estimated from the last report (it only extrapolates while playing).
    const still = await device.media.observe({ applicationId: PLAYER, durationMs: 1200 });
    expect(still.session.state).toBe('paused');
    expect(still.reportedPositionDeltaMs).toBe(0);
    expect(still.initialSession.estimatedPositionMs).toEqual(expect.any(Number));
    expect(still.session.estimatedPositionMs).toBe(still.initialSession.estimatedPositionMs);
  });
});
