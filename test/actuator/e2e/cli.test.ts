/**
 * The device commands as users run them: `droidproof <command>` child
 * processes against the virtual device through the real adb server, checking
 * stdout JSON (the seed's wrappers) and exit codes.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../src/cli/run.js';
import { hasAdb } from '../../virtual-device/adb-server.js';
import { type Harness, startHarness } from './harness.js';

const root = join(import.meta.dirname, '../../..');
const main = join(root, 'src/cli/main.ts');
/** tsx resolved from the package, so the CLI can run with a temp directory as its cwd. */
const tsx = pathToFileURL(join(root, 'node_modules/tsx/dist/loader.mjs')).href;
const SETTINGS = 'com.droidproof.settings';
// biome-ignore lint/suspicious/noExplicitAny: CLI output is asserted field by field.
type CliJson = Record<string, any>;

describe.skipIf(!hasAdb)('droidproof device commands', () => {
  let h: Harness;
  let dir: string;

  /** One CLI invocation in this process (the framework's `runCli`), targeting the harness device. */
  async function cli(...args: string[]): Promise<{ code: number; json: CliJson }> {
    let out = '';
    const target = ['--adb-port', String(h.server.port), '--device', h.serial];
    const code = await runCli([...args, ...target], { write: (text) => (out += text), cwd: dir });
    return { code, json: JSON.parse(out) };
  }

  /** The real bin as a child process. */
  function spawnCli(...args: string[]): Promise<{ code: number; json: CliJson }> {
    const target = ['--adb-port', String(h.server.port), '--device', h.serial];
    return new Promise((resolve) => {
      execFile(
        process.execPath,
        ['--import', tsx, main, ...args, ...target],
        { cwd: dir },
        (error, stdout, stderr) => {
          resolve({ code: error ? Number(error.code) : 0, json: stdout ? JSON.parse(stdout) : { stderr } });
        },
      );
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

  it('as a child process: doctor passes with exit 0, snapshot prints the wrapper', async () => {
    const [doctor, snapshot] = await Promise.all([spawnCli('doctor'), spawnCli('snapshot')]);
    expect(doctor).toMatchObject({ code: 0, json: { ok: true, criticalOk: true, deviceId: h.serial } });
    expect(snapshot).toMatchObject({ code: 0, json: { deviceId: h.serial, isCanonicalTerminal: true } });
  });

  it('devices lists every entry with serial and state', async () => {
    let out = '';
    const code = await runCli(['devices', '--adb-port', String(h.server.port)], {
      write: (t) => (out += t),
      cwd: dir,
    });
    expect(code).toBe(0);
    expect(JSON.parse(out)).toEqual({ devices: [{ serial: h.serial, state: 'device' }] });
  });

  it('doctor exits 1 for a device that is not connected, with skipped checks', async () => {
    let out = '';
    const code = await runCli(['doctor', '--adb-port', String(h.server.port), '--device', 'nope'], {
      write: (t) => (out += t),
      cwd: dir,
    });
    expect(code).toBe(1);
    const report = JSON.parse(out);
    expect(report.checks.at(-1)).toMatchObject({
      id: 'device.discovery',
      status: 'fail',
      code: 'DEVICE_NOT_FOUND',
    });
    expect(report.skippedChecks[0]).toMatchObject({
      id: 'device.capability',
      blockedBy: ['device.discovery'],
    });
  });

  it('open, wait, click, type, read and close print the wrapper with exit 0', async () => {
    const open = await cli('open', SETTINGS);
    expect(open).toMatchObject({
      code: 0,
      json: {
        deviceId: h.serial,
        terminalSource: 'androperator_result',
        isCanonicalTerminal: true,
        envelope: { status: 'success' },
      },
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
    expect(shot.json.envelope.stepResults[0].data).toMatchObject({
      path: join(dir, 'shot.png'),
      captureWidthPx: '1080',
    });
    const [notifications, media, query] = await Promise.all([
      cli('notifications', 'list'),
      cli('media', 'list'),
      cli('query', '--text-contains', 'a', '--limit', '2'),
    ]);
    expect(notifications.json.payload).toMatchObject({ schemaVersion: 1 });
    expect(media.json.payload).toMatchObject({ schemaVersion: 1 });
    expect(JSON.parse(query.json.envelope.stepResults[0].data.query).returnedCount).toBeLessThanOrEqual(2);
    expect((await cli('press', 'home')).json.envelope.status).toBe('success');
    const swipe = await cli('swipe', '--start', '540', '1800', '--end', '540', '600', '--duration-ms', '100');
    expect(swipe.json.envelope.stepResults[0].success).toBe(true);
    await cli('open', SETTINGS);
    const scroll = await cli('scroll', 'down', '--container-id', `${SETTINGS}:id/settings_list`);
    expect(scroll.json.envelope.status).toBe('success');
  });

  it('wait-for-nav, read-value, sleep and toast', async () => {
    await cli('open', SETTINGS);
    const nav = await cli('wait-for-nav', '--app', SETTINGS, '--timeout', '3000');
    expect(nav).toMatchObject({ code: 0, json: { envelope: { status: 'success' } } });
    expect(await cli('wait-for-nav', '--app', SETTINGS)).toMatchObject({
      code: 1,
      json: { code: 'MISSING_ARGUMENT' },
    });
    await cli('open', 'droidproof://settings/Battery');
    const value = await cli('read-value', '--label', 'Battery');
    expect(value.json.envelope.stepResults[0].data.value).toBe('Battery settings');
    const sleep = await cli('sleep', '10', '--dry-run');
    expect(sleep.json.plan.timeoutMs).toBe(30_000);
    expect((await cli('sleep', '10')).code).toBe(0);
    const toast = await cli('toast', 'Hi', '--duration', 'short');
    expect(toast.json.envelope.stepResults[0].data).toMatchObject({ submitted: 'true', duration: 'short' });
    expect((await cli('toast', '--cancel')).code).toBe(0);
  });

  it('usage and targeting failures are top-level error objects with exit 1', async () => {
    expect(await cli('click')).toMatchObject({ code: 1, json: { code: 'MISSING_ARGUMENT' } });
    expect(await cli('click', '--text', 'x', '--selector', '{"textEquals":"x"}')).toMatchObject({
      code: 1,
      json: { code: 'EXECUTION_VALIDATION_FAILED' },
    });
    let out = '';
    const code = await runCli(['snapshot', '--adb-port', String(h.server.port), '--device', 'nope'], {
      write: (t) => (out += t),
      cwd: dir,
    });
    expect({ code, json: JSON.parse(out) }).toMatchObject({ code: 1, json: { code: 'DEVICE_NOT_FOUND' } });
    const wait = await cli('wait', '--text', 'Done', '--timeout', '45000', '--validate-only');
    expect(wait.json.execution.timeoutMs).toBe(50_000);
  });
});
