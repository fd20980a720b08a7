/**
 * `droidproof record start|stop|pull|parse` against a virtual device through
 * the real adb server, as a user runs them: the lifecycle, the NDJSON the
 * Operator wrote (the user's `adb shell input tap` included), the step log,
 * and the seed's failures with their codes, hints and exit statuses.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdbTransport } from '../../src/actuator/adb/transport.js';
import { runCli } from '../../src/cli/run.js';
import { type Harness, OPERATOR, startHarness } from '../actuator/e2e/harness.js';
import { hasAdb } from '../virtual-device/adb-server.js';

// biome-ignore lint/suspicious/noExplicitAny: CLI output is asserted field by field.
type Json = Record<string, any>;
const SETTINGS = 'com.droidproof.settings';

describe.skipIf(!hasAdb)('droidproof record', () => {
  let h: Harness;
  let dir: string;

  async function cli(...args: string[]): Promise<{ code: number; json: Json }> {
    let out = '';
    const target = ['--adb-port', String(h.server.port), '--device', h.serial, '--no-daemon'];
    const code = await runCli([...args, ...target], { write: (t) => (out += t), cwd: dir });
    return { code, json: JSON.parse(out) };
  }

  async function adbShell(command: string): Promise<string> {
    return (await new AdbTransport({ adbPort: h.server.port }).device(h.serial).exec(command)).toString();
  }

  beforeAll(async () => {
    h = await startHarness();
    dir = await mkdtemp(join(tmpdir(), 'droidproof-record-'));
  });
  afterAll(async () => {
    await h?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('start, the user taps, stop, pull and parse: the NDJSON holds the tap with its screen', async () => {
    expect((await cli('open', SETTINGS)).code).toBe(0);
    const start = await cli('record', 'start', '--session-id', 'demo-session');
    expect(start.code).toBe(0);
    expect(start.json).toMatchObject({
      envelope: {
        status: 'success',
        stepResults: [
          {
            actionType: 'start_recording',
            success: true,
            data: {
              sessionId: 'demo-session',
              filePath: `/sdcard/Android/data/${OPERATOR}/files/recordings/demo-session.ndjson`,
            },
          },
        ],
      },
      deviceId: h.serial,
      terminalSource: 'androperator_result',
      isCanonicalTerminal: true,
    });
    // The user's finger on the device: a tap on the Battery row, through adb.
    const battery = await cli('query', '--text', 'Battery');
    const bounds = JSON.parse(battery.json.envelope.stepResults[0].data.query).nodes[0].bounds;
    await adbShell(`input tap ${(bounds.left + bounds.right) >> 1} ${(bounds.top + bounds.bottom) >> 1}`);
    expect((await cli('wait', '--text', 'Battery settings')).code).toBe(0);

    const stop = await cli('record', 'stop', '--session-id', 'demo-session');
    expect(stop.code).toBe(0);
    expect(stop.json.envelope.stepResults[0]).toMatchObject({
      actionType: 'stop_recording',
      data: { sessionId: 'demo-session', eventCount: '2' },
    });

    const pull = await cli('record', 'pull');
    expect(pull).toMatchObject({
      code: 0,
      json: { ok: true, sessionId: 'demo-session', localPath: join('recordings', 'demo-session.ndjson') },
    });
    const lines = (await readFile(join(dir, pull.json.localPath), 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines[0]).toMatchObject({ type: 'recording_header', schemaVersion: 1, operatorPackage: OPERATOR });
    expect(lines.slice(1).map((e: Json) => e.type)).toEqual(['click', 'window_change']);
    expect(lines[1]).toMatchObject({ packageName: SETTINGS, resourceId: `${SETTINGS}:id/settings_row` });
    expect(lines[1].snapshot).toContain('text="Battery"');
    expect(lines[2].snapshot).toContain('text="Battery settings"');
    expect(await readdir(join(dir, 'recordings'))).toEqual(['demo-session.ndjson']);

    const parse = await cli('record', 'parse', '--input', './recordings/demo-session.ndjson');
    expect(parse).toMatchObject({
      code: 0,
      json: { ok: true, outputFile: './recordings/demo-session.steps.json', stepCount: 2 },
    });
    const log = JSON.parse(await readFile(join(dir, 'recordings/demo-session.steps.json'), 'utf8'));
    expect(log).toMatchObject({ sessionId: 'demo-session', schemaVersion: 1 });
    // The seed's lossy rule: every click is a step, and so is the first window_change, wherever it is.
    expect(log.steps).toEqual([
      expect.objectContaining({ seq: 0, type: 'click', uiStateBefore: lines[1].snapshot }),
      expect.objectContaining({
        seq: 1,
        type: 'open_app',
        packageName: SETTINGS,
        uiStateBefore: lines[2].snapshot,
      }),
    ]);
    expect(log._warnings).toBeUndefined();
  });

  it('a second start is refused with the active session and the seed hint; exit 1 (003:12027-12057)', async () => {
    expect((await cli('recording', 'start', '--session-id', 'first')).code).toBe(0);
    const again = await cli('record', 'start', '--session-id', 'second');
    expect(again.code).toBe(1);
    const hint = `Run 'droidproof record stop --session-id first --device ${h.serial} --operator-package ${OPERATOR}' before starting a new recording.`;
    expect(again.json.envelope.hint).toBe(hint);
    expect(again.json.envelope.stepResults[0].data).toMatchObject({
      error: 'RECORDING_ALREADY_IN_PROGRESS',
      sessionId: 'first',
      filePath: `/sdcard/Android/data/${OPERATOR}/files/recordings/first.ndjson`,
      hint,
    });
    expect((await cli('record', 'stop')).code).toBe(0);
    const none = await cli('record', 'stop');
    expect(none.code).toBe(1);
    expect(none.json.envelope.stepResults[0].data.error).toBe('RECORDING_NOT_IN_PROGRESS');
  });

  it('pull failures: invalid id, a session that was never written, and adb answering for the file', async () => {
    const invalid = await cli('record', 'pull', '--session-id', '../etc');
    expect(invalid).toMatchObject({ code: 1, json: { code: 'RECORDING_SESSION_NOT_FOUND' } });
    const missing = await cli('record', 'pull', '--session-id', 'never-recorded', '--out', 'elsewhere');
    expect(missing).toMatchObject({ code: 1, json: { code: 'RECORDING_PULL_FAILED' } });
    expect(missing.json.message).toMatch(/^Failed to pull recording from device: /);
    await expect(readdir(join(dir, 'elsewhere'))).rejects.toThrow();
  });

  it('pull without a latest pointer is RECORDING_SESSION_NOT_FOUND (003:12009-12025)', async () => {
    await adbShell(`rm /sdcard/Android/data/${OPERATOR}/files/recordings/latest`);
    const pull = await cli('record', 'pull');
    expect(pull).toMatchObject({
      code: 1,
      json: {
        code: 'RECORDING_SESSION_NOT_FOUND',
        message: 'No recording session found on device. Start a recording first.',
      },
    });
  });

  it('parse: USAGE without --input, typed codes for a bad recording, nothing written', async () => {
    expect(await cli('record', 'parse')).toMatchObject({ code: 1, json: { code: 'USAGE' } });
    const header =
      '{"type":"recording_header","schemaVersion":1,"sessionId":"s","startedAt":1,"operatorPackage":"p"}';
    const cases: [string, string, Json][] = [
      ['not-json.ndjson', `${header}\n{"ts":1,`, { code: 'RECORDING_PARSE_FAILED', details: { line: 2 } }],
      [
        'no-header.ndjson',
        '{"ts":1,"seq":0,"type":"press_key","key":"back"}',
        { code: 'RECORDING_PARSE_FAILED' },
      ],
      [
        'v2.ndjson',
        header.replace('"schemaVersion":1', '"schemaVersion":2'),
        { code: 'RECORDING_SCHEMA_VERSION_UNSUPPORTED' },
      ],
      [
        'home.ndjson',
        `${header}\n{"ts":1,"seq":0,"type":"press_key","key":"home"}`,
        { code: 'RECORDING_PARSE_FAILED', details: { line: 2, path: 'key' } },
      ],
      [
        'unknown.ndjson',
        `${header}\n{"ts":1,"seq":0,"type":"long_click"}`,
        { code: 'RECORDING_PARSE_FAILED', details: { path: 'type' } },
      ],
      [
        'bounds.ndjson',
        `${header}\n{"ts":1,"seq":0,"type":"click","packageName":"p","resourceId":null,"text":null,"contentDesc":null}`,
        { code: 'RECORDING_PARSE_FAILED', details: { path: 'bounds' } },
      ],
      ['empty.ndjson', '\n\n', { code: 'RECORDING_PARSE_FAILED' }],
    ];
    for (const [name, text, expected] of cases) {
      await writeFile(join(dir, name), text);
      const parse = await cli('record', 'parse', '--input', name);
      expect(parse, name).toMatchObject({ code: 1, json: expected });
    }
    const absent = await cli('record', 'parse', '--input', 'absent.ndjson');
    expect(absent).toMatchObject({ code: 1, json: { code: 'RECORDING_PARSE_FAILED' } });
    expect((await readdir(dir)).filter((f) => f.endsWith('.steps.json'))).toEqual([]);
  });

  it('parse warns about dropped scrolls and events without snapshots (003:11930-11946)', async () => {
    const text = [
      '{"type":"recording_header","schemaVersion":1,"sessionId":"w","startedAt":1,"operatorPackage":"p"}',
      '{"ts":1,"seq":0,"type":"window_change","packageName":"a","className":null,"title":null}',
      '{"ts":2,"seq":1,"type":"scroll","packageName":"a","resourceId":null,"scrollX":0,"scrollY":5,"maxScrollX":0,"maxScrollY":9,"snapshot":null}',
      '{"ts":3,"seq":2,"type":"text_change","packageName":"a","resourceId":null,"text":"x"}',
      '',
    ].join('\n');
    await writeFile(join(dir, 'warn'), text);
    const parse = await cli('record', 'parse', '--input', 'warn');
    expect(parse.json).toEqual({
      ok: true,
      outputFile: 'warn.steps.json',
      stepCount: 1,
      warnings: [
        'seq 0: window_change event has no snapshot',
        'seq 1: scroll event dropped (not extracted in v1)',
      ],
    });
    const log = JSON.parse(await readFile(join(dir, 'warn.steps.json'), 'utf8'));
    expect(log.steps).toEqual([{ seq: 0, type: 'open_app', packageName: 'a', uiStateBefore: null }]);
    expect(log._warnings).toEqual(parse.json.warnings);
  });
});
