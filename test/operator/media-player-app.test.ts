/**
 * `media_pause` on the player test app (it honours controls 100 ms after
 * dispatch). Seed 000 "Control evidence": with the default waitTimeoutMs 0 the
 * receipt reports dispatch and what was observed at that moment, so
 * `targetStateObserved: false` next to a session still `playing` is honest, and
 * a later status may show `paused`; a positive wait confirms the player's
 * reported target state in the same receipt.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createVirtualDevice, type VirtualDevice } from '../../src/virtual-device/device.js';
import { playerApp } from '../../test-apps/player.js';
import { exec, LAUNCHER, stepData } from './fixtures.js';

const PLAYER = playerApp.packageName;
let device: VirtualDevice;
afterEach(() => device?.dispose());

function playingPlayer(): VirtualDevice {
  const d = createVirtualDevice({ serial: 'player-unit', apps: [LAUNCHER, playerApp] });
  d.android.clock.setManual();
  d.android.activities.start({ packageName: PLAYER });
  return d;
}

async function run(type: string, params: Record<string, unknown> = {}) {
  const envelope = await exec(device, [{ id: 'm', type, params: { applicationId: PLAYER, ...params } }]);
  expect(envelope.errorCode ?? null, JSON.stringify(envelope)).toBeNull();
  return JSON.parse(stepData(envelope).payload);
}

describe('media_pause on the player app (000:42-43)', () => {
  it('with a wait reports targetStateObserved and the paused session in the same receipt', async () => {
    device = playingPlayer();
    expect(await run('media_play', { waitTimeoutMs: 2000 })).toMatchObject({ targetStateObserved: true });
    const paused = await run('media_pause', { waitTimeoutMs: 2000 });
    expect(paused).toMatchObject({
      dispatched: true,
      targetState: 'paused',
      targetStateObserved: true,
      waitTimeoutMs: 2000,
      session: { state: 'paused', evidence: 'player_report' },
    });
  });

  it('without a wait reports what it saw at dispatch; the later status shows the pause', async () => {
    device = playingPlayer();
    await run('media_play', { waitTimeoutMs: 2000 });
    const paused = await run('media_pause');
    // Not observed, and consistent with its own session observation: the player had not reported yet.
    expect(paused).toMatchObject({ dispatched: true, targetStateObserved: false, waitTimeoutMs: 0 });
    expect(paused.session.state).toBe('playing');
    device.android.clock.advance(200);
    const status = await run('get_media_status');
    expect(status.session.state).toBe('paused');
  });
});
