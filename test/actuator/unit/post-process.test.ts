import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DeviceShell } from '../../../src/actuator/adb/device-shell.js';
import { postProcess, SETTLE_WARNING } from '../../../src/actuator/execution/post-process.js';
import { reconcileEnvelope } from '../../../src/actuator/execution/reconcile.js';

/** A 2x3 PNG header is enough for the size check. */
function png(width: number, height: number): Buffer {
  const b = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b);
  b.writeUInt32BE(13, 8);
  b.write('IHDR', 12, 'latin1');
  b.writeUInt32BE(width, 16);
  b.writeUInt32BE(height, 20);
  return b;
}

function shell(screencap: Buffer): DeviceShell {
  const unused = () => Promise.reject(new Error('unused'));
  return { serial: 's', exec: async () => screencap, stream: unused, pull: unused };
}

const envelope = (stepResults: object[]) =>
  ({ commandId: 'c', taskId: 't', status: 'success', stepResults, error: null }) as never;

describe('postProcess', () => {
  it('fails a snapshot with invalid XML (SNAPSHOT_EXTRACTION_FAILED, no text) and reconciliation fails the envelope', async () => {
    const { envelope: out, hierarchies } = await postProcess({
      envelope: envelope([
        { id: 'snap', actionType: 'snapshot', success: true, data: { text: '<hierarchy><node>' } },
      ]),
      actions: [{ id: 'snap', type: 'snapshot' }],
      shell: shell(Buffer.alloc(0)),
      forceStopped: new Set(),
    });
    const step = out.stepResults[0];
    expect(step).toMatchObject({
      success: false,
      data: {
        error: 'SNAPSHOT_EXTRACTION_FAILED',
        extractionReason: 'malformed_xml',
        failurePhase: 'post_processing',
        dispatchState: 'dispatched',
        // The seeds' words (003:5344-5345).
        message:
          'UI hierarchy extraction produced missing or invalid XML for this step. Check androperator version compatibility and logcat extraction health.',
      },
    });
    expect(step.data.text).toBeUndefined();
    expect(out.failureEvidence).toMatchObject({ phase: 'post_processing', dispatchState: 'dispatched' });
    expect(reconcileEnvelope(out).status).toBe('failed');
    expect(hierarchies.size).toBe(0);
  });

  it('adds the settle warning only right after click or scroll_and_click', async () => {
    const xml = '<hierarchy rotation="0"><node text="x"/></hierarchy>';
    const run = async (previous: string) =>
      (
        await postProcess({
          envelope: envelope([{ id: 'snap', actionType: 'snapshot', success: true, data: { text: xml } }]),
          actions: [
            { id: 'a', type: previous },
            { id: 'snap', type: 'snapshot' },
          ],
          shell: shell(Buffer.alloc(0)),
          forceStopped: new Set(),
        })
      ).envelope;
    expect((await run('click')).stepResults[0].data.warn).toBe(SETTLE_WARNING);
    expect((await run('sleep')).stepResults[0].data.warn).toBeUndefined();
  });

  it('replaces UNSUPPORTED_RUNTIME_SCREENSHOT with a host capture, or fails with EVIDENCE_CAPTURE_FAILED', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dp-pp-'));
    const path = join(dir, 's.png');
    const unsupported = {
      id: 'shot',
      actionType: 'take_screenshot',
      success: false,
      data: {
        error: 'UNSUPPORTED_RUNTIME_SCREENSHOT',
        errorCode: 'UNSUPPORTED_RUNTIME_SCREENSHOT',
        message: 'host side',
      },
    };
    const { envelope: ok } = await postProcess({
      envelope: envelope([unsupported]),
      actions: [{ id: 'shot', type: 'take_screenshot', params: { path } }],
      shell: shell(png(2, 3)),
      forceStopped: new Set(),
    });
    expect(ok.stepResults[0]).toMatchObject({
      success: true,
      data: { path, captureWidthPx: '2', captureHeightPx: '3', captureSource: 'host' },
    });
    expect(ok.stepResults[0].data.error).toBeUndefined();
    expect((await readFile(path)).length).toBe(33);
    const { envelope: bad } = await postProcess({
      envelope: envelope([unsupported]),
      actions: [{ id: 'shot', type: 'take_screenshot', params: { path } }],
      shell: shell(Buffer.from('/system/bin/sh: screencap: not found')),
      forceStopped: new Set(),
    });
    expect(bad.stepResults[0]).toMatchObject({ success: false, data: { error: 'EVIDENCE_CAPTURE_FAILED' } });
    expect(bad.stepResults[0].data.path).toBeUndefined();
    await rm(dir, { recursive: true });
  });

  it('normalizes close_app after a successful force-stop, and only then', async () => {
    const step = {
      id: 'close',
      actionType: 'close_app',
      success: false,
      data: { error: 'UNSUPPORTED_RUNTIME_CLOSE', errorCode: 'UNSUPPORTED_RUNTIME_CLOSE' },
    };
    const input = {
      envelope: envelope([step]),
      actions: [{ id: 'close', type: 'close_app', params: { applicationId: 'com.x' } }],
      shell: shell(Buffer.alloc(0)),
    };
    const { envelope: stopped } = await postProcess({ ...input, forceStopped: new Set(['close']) });
    expect(stopped.stepResults[0]).toEqual({
      id: 'close',
      actionType: 'close_app',
      success: true,
      data: { application_id: 'com.x' },
    });
    const { envelope: notStopped } = await postProcess({ ...input, forceStopped: new Set() });
    expect(notStopped.stepResults[0].success).toBe(false);
  });
});
