/**
 * Dispatch quoting end to end: a payload full of shell syntax reaches the
 * Operator's receiver byte-identical, and the device shell runs nothing from it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Device } from '../../../src/actuator/index.js';
import { validateExecution } from '../../../src/contract/validate.js';
import { hasAdb } from '../../virtual-device/adb-server.js';
import { type Harness, startHarness } from './harness.js';

const SEARCH = 'com.droidproof.settings:id/search';

describe.skipIf(!hasAdb)('am broadcast dispatch', () => {
  let h: Harness;
  let device: Device;

  beforeAll(async () => {
    h = await startHarness();
    device = await h.connect();
  });

  afterAll(async () => {
    device?.close();
    await h?.stop();
  });

  it('delivers hostile payload text byte-identical and executes none of it', async () => {
    const hostile = [
      `it's`,
      `"double" \\back\\slash`,
      '$(touch /data/local/tmp/pwned-subst)',
      '`touch /data/local/tmp/pwned-tick`',
      '; touch /data/local/tmp/pwned-semi &&',
      'line one\nline two\r\n\ttab',
      'unicode: é 漢字 😀 \u2028 \u0000end',
      "'\"'\"'",
    ].join(' | ');
    const payload = {
      commandId: 'quote-1',
      taskId: 'quote-1',
      source: 'quote-test',
      expectedFormat: 'android-ui-automator',
      timeoutMs: 10_000,
      actions: [
        { id: 'type', type: 'enter_text', params: { matcher: { resourceId: SEARCH }, text: hostile } },
        { id: 'read', type: 'read_text', params: { matcher: { resourceId: SEARCH } } },
      ],
    };
    await device.openApp('com.droidproof.settings');
    const result = await device.execute(payload);
    expect(result.envelope.stepResults[1].data.text).toBe(hostile);
    expect(h.received).toContain(JSON.stringify(validateExecution(payload)));
    for (const name of ['pwned-subst', 'pwned-tick', 'pwned-semi']) {
      expect(h.vd.android.fs.stat(`/data/local/tmp/${name}`)).toBeUndefined();
    }
  });

  it('speaks the clawperator dialect to a Clawperator Operator', async () => {
    const claw = await startHarness({ operator: () => ({ dialect: 'clawperator' }) });
    const clawDevice = await claw.connect({ dialect: 'clawperator' });
    try {
      expect(clawDevice.operatorPackage).toBe('com.clawperator.operator');
      const snap = await clawDevice.snapshot();
      expect(snap).toMatchObject({ terminalSource: 'clawperator_result', isCanonicalTerminal: true });
      expect(snap.xml).toContain('<hierarchy');
    } finally {
      clawDevice.close();
      await claw.stop();
    }
  });
});
