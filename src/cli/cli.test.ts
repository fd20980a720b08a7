/**
 * The CLI as users run it: a child process, exact stdout JSON and exit code.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const main = join(import.meta.dirname, 'main.ts');

function cli(...args: string[]): Promise<{ code: number; stdout: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', main, ...args], (error, stdout) => {
      resolve({ code: error ? Number(error.code) : 0, stdout });
    });
  });
}

const base = {
  commandId: 'cmd-001',
  taskId: 'task-001',
  source: 'agent-loop',
  expectedFormat: 'android-ui-automator',
  timeoutMs: 30000,
};
const payload = (actions: unknown[], top: Record<string, unknown> = {}) =>
  JSON.stringify({ ...base, ...top, actions });
const validate = (json: string) => cli('exec', '--validate-only', '--payload', json);
const line = (value: unknown) => `${JSON.stringify(value)}\n`;
const validationError = (message: string, details: Record<string, unknown>) =>
  line({ code: 'EXECUTION_VALIDATION_FAILED', message, details });

describe('droidproof exec --validate-only', () => {
  it('prints the normalized execution of a valid payload', async () => {
    const actions = [{ id: 'snap-1', type: 'snapshot' }];
    expect(await validate(payload(actions))).toEqual({
      code: 0,
      stdout: line({ ok: true, validated: true, execution: { ...base, actions } }),
    });
  });

  it('normalizes aliases', async () => {
    const aliased = JSON.stringify({
      command_id: 'cmd-001',
      task_id: 'task-001',
      source: 'agent-loop',
      expected_format: 'android-ui-automator',
      timeout_ms: 30000,
      actions: [
        { id: 'a', type: 'tap', params: { selector: { text: 'OK' } } },
        { id: 'b', type: 'open_url', params: { url: 'https://example.com' } },
        { id: 'c', type: 'on_screen_log_set', params: { text: 'hi', textColor: '#a1b2c3' } },
      ],
    });
    expect(await validate(aliased)).toEqual({
      code: 0,
      stdout: line({
        ok: true,
        validated: true,
        execution: {
          ...base,
          actions: [
            { id: 'a', type: 'click', params: { matcher: { textEquals: 'OK' } } },
            { id: 'b', type: 'open_uri', params: { uri: 'https://example.com' } },
            { id: 'c', type: 'set_on_screen_log', params: { text: 'hi', textColor: '#FFA1B2C3' } },
          ],
        },
      }),
    });
  });

  it.each([
    [
      'blank uri',
      payload([{ id: 'u', type: 'open_uri', params: { uri: ' ' } }]),
      validationError('open_uri params.uri must not be blank', {
        path: 'actions.0.params.uri',
        actionId: 'u',
        actionType: 'open_uri',
      }),
    ],
    [
      '51 actions',
      payload(Array.from({ length: 51 }, (_, i) => ({ id: `s${i}`, type: 'snapshot' }))),
      validationError('actions must contain at most 50 entries', { path: 'actions' }),
    ],
    [
      'timeoutMs 500',
      payload([{ id: 's', type: 'snapshot' }], { timeoutMs: 500 }),
      validationError('timeoutMs must be between 1000 and 120000', { path: 'timeoutMs' }),
    ],
    [
      'an empty matcher',
      payload([{ id: 'c', type: 'click', params: { matcher: {} } }]),
      validationError(
        'click params.matcher: a matcher requires at least one nonblank field or an ancestor/descendant predicate',
        { path: 'actions.0.params.matcher', actionId: 'c', actionType: 'click' },
      ),
    ],
    [
      'an unknown key in set_on_screen_log',
      payload([{ id: 'l', type: 'set_on_screen_log', params: { text: 'hi', value: 'x' } }]),
      validationError('set_on_screen_log does not accept params.value', {
        path: 'actions.0.params.value',
        actionId: 'l',
        actionType: 'set_on_screen_log',
        invalidKeys: ['value'],
      }),
    ],
    [
      'media_seek with fractional positionMs',
      payload([{ id: 'm', type: 'media_seek', params: { mediaSessionId: 's-1', positionMs: 1500.5 } }]),
      validationError('media_seek params.positionMs must be an integer in [0, 9007199254740991]', {
        path: 'actions.0.params.positionMs',
        actionId: 'm',
        actionType: 'media_seek',
      }),
    ],
    ['invalid JSON', '{"commandId":', null],
  ])('rejects %s with exit 1', async (_name, json, expected) => {
    const result = await validate(json);
    expect(result.code).toBe(1);
    if (expected !== null) expect(result.stdout).toBe(expected);
    else
      expect(JSON.parse(result.stdout)).toMatchObject({
        code: 'EXECUTION_VALIDATION_FAILED',
        details: { path: '' },
      });
  });
});

describe('droidproof exec', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'droidproof-cli-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('prints the dry-run plan of an @file payload', async () => {
    const file = join(dir, 'payload.json');
    await writeFile(file, payload([{ id: 'snap-1', type: 'snapshot_ui' }]));
    expect(await cli('exec', '--dry-run', '--payload', `@${file}`)).toEqual({
      code: 0,
      stdout: line({
        ok: true,
        dryRun: true,
        plan: {
          commandId: 'cmd-001',
          timeoutMs: 30000,
          actionCount: 1,
          actions: [{ id: 'snap-1', type: 'snapshot' }],
        },
      }),
    });
  });

  it('applies --timeout after validation and range-checks it', async () => {
    const json = payload([{ id: 's', type: 'snapshot' }]);
    const ok = await cli('exec', '--dry-run', '--timeout', '45000', '--file', json);
    expect(JSON.parse(ok.stdout).plan.timeoutMs).toBe(45000);
    const bad = await cli('exec', '--dry-run', '--timeout', '500', '--payload', json);
    expect(bad.code).toBe(1);
    expect(JSON.parse(bad.stdout).details).toEqual({ path: 'timeoutMs' });
  });

  it('prints indented JSON with --output pretty', async () => {
    const result = await cli(
      '--output',
      'pretty',
      'exec',
      '--validate-only',
      '--payload',
      payload([{ id: 's', type: 'snapshot' }]),
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      `${JSON.stringify({ ok: true, validated: true, execution: { ...base, actions: [{ id: 's', type: 'snapshot' }] } }, null, 2)}\n`,
    );
  });

  it.each([
    [['frobnicate'], 'USAGE', 'unknown command "frobnicate"'],
    [['exec', '--validate-only', '--bogus'], 'USAGE', 'unknown flag --bogus'],
    [['exec', '--payload'], 'USAGE', 'flag --payload requires a value'],
    [['exec', '--validate-only'], 'MISSING_ARGUMENT', 'exec requires --payload <json-or-@file>.'],
    [
      ['exec', '--payload', '{}', '--validate-only', '--dry-run'],
      'USAGE',
      'use --validate-only or --dry-run, not both',
    ],
  ])('fails %j with a typed error and exit 1', async (args, code, message) => {
    const result = await cli(...args);
    expect(result.code).toBe(1);
    const body = JSON.parse(result.stdout);
    expect(body.code).toBe(code);
    expect(body.message).toContain(message);
  });

  it('dispatches a valid payload to the adb server and reports an unreachable one as ADB_SERVER_FAILED', async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        server.close(() => resolve(port));
      });
    });
    const result = await cli(
      'exec',
      '--adb-port',
      String(closedPort),
      '--payload',
      payload([{ id: 's', type: 'snapshot' }]),
    );
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout).code).toBe('ADB_SERVER_FAILED');
  });
});

describe('the seeds to the letter at the CLI boundary', () => {
  const exitAndCode = async (args: string[]) => {
    const { code, stdout } = await cli(...args);
    return { code, error: (JSON.parse(stdout) as { code?: string }).code };
  };

  it('a --payload that is neither a file nor JSON is EXECUTION_VALIDATION_FAILED (003:7989)', async () => {
    const { code, error } = await exitAndCode(['exec', '--validate-only', '--payload', 'not json']);
    expect(error).toBe('EXECUTION_VALIDATION_FAILED');
    expect(code).not.toBe(0);
  });

  it('--no-daemon is accepted as the seeds pass it (003:4377)', async () => {
    const { code, stdout } = await cli('snapshot', '--no-daemon', '--validate-only');
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ ok: true, validated: true });
  });

  it("open: the builder's fixed values for a package (003:10636-10641)", async () => {
    const { code, stdout } = await cli('open', 'com.android.settings', '--validate-only');
    expect(code).toBe(0);
    const { execution } = JSON.parse(stdout) as { execution: Record<string, unknown> };
    expect(execution).toMatchObject({
      taskId: 'cli-action-open-app',
      source: 'androperator-cli',
      timeoutMs: 15000,
      actions: [{ id: 'a1', type: 'open_app', params: { applicationId: 'com.android.settings' } }],
    });
    expect(execution.commandId).toMatch(/^open_app_\d+$/);
  });

  it('open: only <scheme>:// targets route to open_uri (003:10657-10660, 003:10738-10743)', async () => {
    const uri = JSON.parse((await cli('open', 'https://example.com/x', '--validate-only')).stdout);
    expect(uri.execution).toMatchObject({
      taskId: 'cli-action-open-uri',
      source: 'androperator-cli',
      timeoutMs: 15000,
      actions: [{ id: 'a1', type: 'open_uri', params: { uri: 'https://example.com/x' } }],
    });
    const noSlashes = JSON.parse((await cli('open', 'mailto:a@example.com', '--validate-only')).stdout);
    expect(noSlashes.execution.actions[0].type).toBe('open_app');
    const upper = JSON.parse((await cli('open', 'HTTPS://example.com', '--validate-only')).stdout);
    expect(upper.execution.actions[0].type).toBe('open_app');
  });

  it('open: a positional target together with --app is EXECUTION_VALIDATION_FAILED (003:10700)', async () => {
    const { error } = await exitAndCode(['open', 'com.a', '--app', 'com.b', '--validate-only']);
    expect(error).toBe('EXECUTION_VALIDATION_FAILED');
  });
});
