/**
 * Dispatch quoting end to end: a payload full of shell syntax reaches the
 * Operator's receiver byte-identical, and the device shell runs nothing from it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assembleDevice } from '../../../src/actuator/connect.js';
import { AdbTransport, type Device, type DeviceShell } from '../../../src/actuator/index.js';
import { DIALECTS } from '../../../src/contract/dialect.js';
import { validateExecution } from '../../../src/contract/validate.js';
import { hasAdb } from '../../virtual-device/adb-server.js';
import { type Harness, OPERATOR, startHarness } from './harness.js';

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

  it('the envelope settles a call while `am` has not exited, and am failing afterwards changes nothing', async () => {
    // On a phone `am` is a process of its own whose exit can trail the Operator's answer: here each
    // `am broadcast` answers only once released, and then fails; after the release they pass.
    const real = new AdbTransport({ adbPort: h.server.port }).device(h.serial);
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let held = 0;
    let holding = true;
    const shell: DeviceShell = {
      serial: real.serial,
      exec: async (command, options) => {
        if (!holding || !command.startsWith('am broadcast')) return real.exec(command, options);
        held++;
        await real.exec(command, options);
        await released;
        throw new Error('am exited abnormally');
      },
      stream: (command, options) => real.stream(command, options),
      pull: (path, options) => real.pull(path, options),
    };
    const transport = { device: () => shell } as unknown as AdbTransport;
    const { engine, reader } = assembleDevice(transport, h.serial, DIALECTS.androperator, OPERATOR);
    const snapshotPayload = (commandId: string) => ({
      commandId,
      taskId: commandId,
      source: 'dispatch-test',
      expectedFormat: 'android-ui-automator',
      timeoutMs: 10_000,
      actions: [{ id: 'snap', type: 'snapshot' }],
    });
    try {
      await reader.start();
      const result = await engine.run(snapshotPayload('am-trails-1'));
      expect(result.envelope).toMatchObject({ commandId: 'am-trails-1', status: 'success' });
      // Every `am` of the call (the snapshot's, and any probe's) was still held when it returned.
      expect(held).toBeGreaterThan(0);
      holding = false;
      release();
      const again = await engine.run(snapshotPayload('am-trails-2'));
      expect(again.envelope.status).toBe('success');
      expect(h.received.filter((p) => p.includes('am-trails-'))).toHaveLength(2);
    } finally {
      release();
      reader.close();
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
