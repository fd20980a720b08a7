/**
 * The seed's remaining commands against virtual devices behind the real adb
 * server: `on-screen-log set|clear` (flags to params, syntax vs contract
 * errors), `evidence capture` (a verified bundle in a new directory, its
 * refusals), `version [--check-compat]` (compatible, and a mismatched
 * Operator with exit 1), and `logs` following the daily log the bin writes.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run.js';
import { verifyBundle } from '../../src/evidence/verify.js';
import { droidproofVersion } from '../../src/version.js';
import { type Harness, startHarness } from '../actuator/e2e/harness.js';

const root = join(import.meta.dirname, '../..');
const main = join(root, 'src/cli/main.ts');
const tsx = pathToFileURL(join(root, 'node_modules/tsx/dist/loader.mjs')).href;
// biome-ignore lint/suspicious/noExplicitAny: CLI output is asserted field by field.
type CliJson = Record<string, any>;

let h: Harness;
let dir: string;

beforeAll(async () => {
  h = await startHarness({ devices: 2, operator: (i) => (i === 1 ? { version: '0.0.1' } : undefined) });
  dir = await mkdtemp(join(tmpdir(), 'droidproof-cli-evidence-'));
}, 60_000);

afterAll(async () => {
  await h?.stop();
  await rm(dir, { recursive: true, force: true });
});

async function cli(args: string[], serial = h.serial): Promise<{ code: number; json: CliJson }> {
  let out = '';
  const target = ['--adb-port', String(h.server.port), '--device', serial, '--no-daemon'];
  const code = await runCli([...args, ...target], { write: (text) => (out += text), cwd: dir });
  return { code, json: JSON.parse(out) };
}

describe('on-screen-log', () => {
  it('set maps each flag to its parameter; clear removes the panel', async () => {
    const set = await cli([
      'on-screen-log',
      'set',
      '--text',
      'FLOW-001: Observe',
      '--anchor',
      'right',
      '--width-dp',
      '280.0',
      '--ttl-ms',
      '3e5',
    ]);
    expect(set.code).toBe(0);
    expect(set.json.envelope.stepResults[0].data).toMatchObject({
      anchor: 'right',
      width_dp: '280',
      ttl_ms: '300000',
    });
    expect(h.vd.android.overlay.state?.lines.join('')).toBe('FLOW-001: Observe');
    expect(await cli(['on-screen-log', 'clear'])).toMatchObject({ code: 0 });
    expect(h.vd.android.overlay.visible).toBe(false);
  });

  it('rejects bad syntax before dispatch and contract violations as EXECUTION_VALIDATION_FAILED', async () => {
    expect(await cli(['on-screen-log', 'set', '--text', 'x', '--width-dp', '12px'])).toMatchObject({
      code: 1,
      json: { code: 'USAGE' },
    });
    expect(await cli(['on-screen-log', 'set'])).toMatchObject({
      code: 1,
      json: { code: 'MISSING_ARGUMENT' },
    });
    expect(await cli(['on-screen-log', 'clear', '--text', 'x'])).toMatchObject({
      code: 1,
      json: { code: 'USAGE' },
    });
    expect(await cli(['on-screen-log', 'set', '--text', 'x', '--width-dp', '1e3'])).toMatchObject({
      code: 1,
      json: { code: 'EXECUTION_VALIDATION_FAILED' },
    });
    expect(
      await cli(['on-screen-log', 'set', '--text', 'x', '--template', '{{device.model}}']),
    ).toMatchObject({
      code: 1,
      json: { code: 'EXECUTION_VALIDATION_FAILED' },
    });
  });
});

describe('evidence capture', () => {
  it('writes a complete, verifiable bundle into the new directory with label and context', async () => {
    const out = join(dir, 'bundle');
    const run = await cli([
      'evidence',
      'capture',
      '--output-dir',
      out,
      '--label',
      '',
      '--context-json',
      '{"originalVerdict":"passed"}',
    ]);
    expect(run).toMatchObject({
      code: 0,
      json: { ok: true, status: 'complete', manifestPath: join(out, 'manifest.json') },
    });
    expect(run.json.evidenceId).toMatch(/^[0-9a-f-]{36}$/);
    const verification = await verifyBundle(out);
    expect(verification).toMatchObject({ ok: true, problems: [] });
    expect(verification.manifest).toMatchObject({ label: '', context: { originalVerdict: 'passed' } });
    expect(verification.manifest!.device.operatorVersion).toBe(droidproofVersion());
    expect(await cli(['evidence', 'capture', '--output-dir', out])).toMatchObject({
      code: 1,
      json: { code: 'EVIDENCE_OUTPUT_EXISTS' },
    });
  });

  it('refuses relative, root, traversing and orphan paths, bad context, and the unsupported video subcommand', async () => {
    const refused = async (args: string[]) => (await cli(['evidence', 'capture', ...args])).json.code;
    expect(await refused(['--output-dir', 'relative/bundle'])).toBe('EXECUTION_VALIDATION_FAILED');
    expect(await refused(['--output-dir', '/'])).toBe('EXECUTION_VALIDATION_FAILED');
    expect(await refused(['--output-dir', `${dir}/a/../b`])).toBe('EXECUTION_VALIDATION_FAILED');
    expect(await refused(['--output-dir', join(dir, 'missing-parent', 'b')])).toBe(
      'EXECUTION_VALIDATION_FAILED',
    );
    expect(await refused(['--output-dir', join(dir, 'c'), '--context-json', '[1]'])).toBe(
      'EXECUTION_VALIDATION_FAILED',
    );
    expect(await refused([])).toBe('MISSING_ARGUMENT');
    expect((await cli(['evidence', 'video', 'start'])).json.code).toBe('USAGE');
  });
});

describe('version', () => {
  it('prints the CLI version, and --check-compat reports the installed Operator', async () => {
    expect(await cli(['version'])).toEqual({ code: 0, json: { cliVersion: droidproofVersion() } });
    expect(await cli(['version', '--check-compat'])).toEqual({
      code: 0,
      json: {
        cliVersion: droidproofVersion(),
        apkVersion: droidproofVersion(),
        apkVersionCode: expect.any(Number),
        operatorPackage: 'com.androperator.operator',
        compatible: true,
      },
    });
  });

  it('--check-compat exits 1 with VERSION_INCOMPATIBLE and remediation for another Operator version', async () => {
    const run = await cli(['version', '--check-compat'], h.devices[1]!.serial);
    expect(run.code).toBe(1);
    expect(run.json).toMatchObject({
      apkVersion: '0.0.1',
      compatible: false,
      error: { code: 'VERSION_INCOMPATIBLE' },
    });
    expect(run.json.remediation[0]).toContain('droidproof operator install');
    const dev = await cli([
      'version',
      '--check-compat',
      '--operator-package',
      'com.androperator.operator.dev',
    ]);
    expect(dev).toMatchObject({ code: 1, json: { code: 'OPERATOR_VARIANT_MISMATCH' } });
  });
});

describe('logs', () => {
  const bin = (args: string[]) => ['--import', tsx, main, ...args];

  function runBin(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; stderr: string }> {
    return new Promise((resolve) => {
      execFile(process.execPath, bin(args), { cwd: dir, env }, (error, _stdout, stderr) =>
        resolve({ code: error ? Number(error.code) : 0, stderr }),
      );
    });
  }

  it('says so on stderr and exits 0 without a log file; otherwise prints it and follows it until SIGINT', async () => {
    const logDir = join(dir, 'logs');
    await mkdir(logDir);
    const env = { ...process.env, DROIDPROOF_LOG_DIR: logDir };
    const missing = await runBin(['logs'], env);
    expect(missing.code).toBe(0);
    expect(missing.stderr).toMatch(/^No log file found at .*droidproof-\d{4}-\d{2}-\d{2}\.log\n$/);

    expect((await runBin(['version'], env)).code).toBe(0);
    const follower = spawn(process.execPath, bin(['logs']), {
      cwd: dir,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let seen = '';
    follower.stdout.setEncoding('utf8').on('data', (text: string) => (seen += text));
    const exited = new Promise<number | null>((resolve) => follower.on('close', resolve));
    await expect.poll(() => seen.split('\n').filter(Boolean).length, { timeout: 15_000 }).toBe(1);
    expect((await runBin(['nope'], env)).code).toBe(1);
    await expect.poll(() => seen.split('\n').filter(Boolean).length, { timeout: 15_000 }).toBe(2);
    const events = seen
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(events).toMatchObject([
      { level: 'info', event: 'cli.command', command: 'version', exitCode: 0 },
      { level: 'error', event: 'cli.command', command: 'nope', exitCode: 1 },
    ]);
    const file = (await readFile(missing.stderr.slice('No log file found at '.length).trim(), 'utf8')).trim();
    expect(file.split('\n')).toHaveLength(2);
    follower.kill('SIGINT');
    expect(await exited).toBe(0);
  }, 60_000);
});
