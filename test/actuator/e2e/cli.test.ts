/**
 * The device commands as users run them: `droidproof <command>` child
 * processes against the virtual device through the real adb server, checking
 * stdout JSON (the seed's wrappers) and exit codes.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasAdb } from '../../virtual-device/adb-server.js';
import { type Harness, startHarness } from './harness.js';

const main = join(import.meta.dirname, '../../../src/cli/main.ts');
const SETTINGS = 'com.droidproof.settings';

describe.skipIf(!hasAdb)('droidproof device commands', () => {
  let h: Harness;
  let dir: string;

  function cli(...args: string[]): Promise<{ code: number; json: Record<string, any> }> {
    const target = ['--adb-port', String(h.server.port), '--device', h.serial];
    return new Promise((resolve) => {
      execFile(process.execPath, ['--import', 'tsx', main, ...args, ...target], { cwd: dir }, (error, stdout) => {
        resolve({ code: error ? Number(error.code) : 0, json: JSON.parse(stdout) });
      });
    });
  }

  beforeAll(async () => {
    h = await startHarness();
    dir = await mkdtemp(join(tmpdir(), 'droidproof-cli-'));
  });

  afterAll(async () => {
    await h?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('devices lists serial and state; doctor passes with exit 0', async () => {
    const [devices, doctor] = await Promise.all([cli('devices').catch(() => undefined), cli('doctor')]);
    expect(devices).toBeUndefined(); // `devices` takes no --device: a usage error is printed as JSON
    expect(doctor.code).toBe(0);
    expect(doctor.json).toMatchObject({ ok: true, criticalOk: true, deviceId: h.serial });
  });

  it('open, wait, click, type, read and close print the wrapper with exit 0', async () => {
    const open = await cli('open', SETTINGS);
    expect(open).toMatchObject({
      code: 0,
      json: { deviceId: h.serial, terminalSource: 'androperator_result', isCanonicalTerminal: true, envelope: { status: 'success' } },
    });
    expect((await cli('wait', '--text', 'Settings', '--timeout', '3000')).code).toBe(0);
    expect((await cli('click', '--id', `${SETTINGS}:id/switch_bluetooth`)).code).toBe(0);
    expect((await cli('type', 'Battery', '--id', `${SETTINGS}:id/search`)).code).toBe(0);
    const read = await cli('read', '--id', `${SETTINGS}:id/search`);
    expect(read.json.envelope.stepResults[0].data.text).toBe('Battery');
    const close = await cli('close', SETTINGS);
    expect(close.json.envelope.stepResults[0].data.application_id).toBe(SETTINGS);
  });

  it('snapshot: raw with --raw-path, and --compact without data.text', async () => {
    const raw = await cli('snapshot', '--raw-path', 'h.xml');
    expect(raw.code).toBe(0);
    expect(raw.json.rawArtifactPath).toBe(join(dir, 'h.xml'));
    expect(await readFile(join(dir, 'h.xml'), 'utf8')).toBe(raw.json.envelope.stepResults[0].data.text);
    const again = await cli('snapshot', '--raw-path', 'h.xml');
    expect(again).toMatchObject({ code: 1, json: { code: 'SNAPSHOT_ARTIFACT_WRITE_FAILED' } });
    const compact = await cli('snapshot', '--compact', '--max-nodes', '3');
    expect(compact.json.compact).toMatchObject({ schemaVersion: 1, returnedNodes: 3 });
    expect(compact.json.envelope.stepResults[0].data.text).toBeUndefined();
  });

  it('exec dispatches a payload; a failed envelope exits 1 with the envelope', async () => {
    const payload = JSON.stringify({
      commandId: 'cli-exec-1',
      taskId: 'cli-exec-1',
      source: 'cli-test',
      expectedFormat: 'android-ui-automator',
      timeoutMs: 10_000,
      actions: [{ id: 'r', type: 'read_text', params: { matcher: { textEquals: 'Nothing like this' } } }],
    });
    const result = await cli('exec', '--payload', payload);
    expect(result.code).toBe(1);
    expect(result.json.envelope).toMatchObject({ commandId: 'cli-exec-1', status: 'failed' });
  });

  it('screenshot, notifications, media, query, scroll, press, swipe', async () => {
    const shot = await cli('screenshot', '--path', 'shot.png');
    expect(shot.json.envelope.stepResults[0].data).toMatchObject({ path: join(dir, 'shot.png'), captureWidthPx: '1080' });
    const [notifications, media, query] = await Promise.all([
      cli('notifications', 'list'),
      cli('media', 'list'),
      cli('query', '--text-contains', 'a', '--limit', '2'),
    ]);
    expect(notifications.json.payload).toMatchObject({ schemaVersion: 1 });
    expect(media.json.payload).toMatchObject({ schemaVersion: 1 });
    expect(JSON.parse(query.json.envelope.stepResults[0].data.query).returnedCount).toBeLessThanOrEqual(2);
    expect((await cli('press', 'home')).code).toBe(0);
    const swipe = await cli('swipe', '--start', '540', '1800', '--end', '540', '600', '--duration-ms', '100');
    expect(swipe.json.envelope.stepResults[0].success).toBe(true);
    expect((await cli('scroll', 'down')).code).toBe(0);
  });

  it('usage and targeting failures are top-level error objects with exit 1', async () => {
    expect(await cli('click')).toMatchObject({ code: 1, json: { code: 'MISSING_ARGUMENT' } });
    expect(await cli('click', '--text', 'x', '--selector', '{"textEquals":"x"}')).toMatchObject({
      code: 1,
      json: { code: 'EXECUTION_VALIDATION_FAILED' },
    });
    const wrongDevice = await new Promise<{ code: number; json: Record<string, any> }>((resolve) => {
      execFile(
        process.execPath,
        ['--import', 'tsx', main, 'snapshot', '--adb-port', String(h.server.port), '--device', 'nope'],
        (error, stdout) => resolve({ code: error ? Number(error.code) : 0, json: JSON.parse(stdout) }),
      );
    });
    expect(wrongDevice).toMatchObject({ code: 1, json: { code: 'DEVICE_NOT_FOUND' } });
    const wait = await cli('wait', '--text', 'Done', '--timeout', '45000', '--validate-only');
    expect(wait.json.execution.timeoutMs).toBe(50_000);
  });
});
