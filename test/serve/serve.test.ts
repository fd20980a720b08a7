/**
 * The serve API over a real loopback socket, driving a virtual device through
 * a real adb server: the seed's routes, wrappers, status mapping, SSE events,
 * request limits, typed answers for bad requests, and the token check.
 */
import { execFile, spawn } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServeApp } from '../../src/serve/app.js';
import { type Harness, startHarness } from '../actuator/e2e/harness.js';
import { hasAdb } from '../virtual-device/adb-server.js';

const root = join(import.meta.dirname, '../..');
const tsx = pathToFileURL(join(root, 'node_modules/tsx/dist/loader.mjs')).href;
// biome-ignore lint/suspicious/noExplicitAny: response bodies are asserted field by field.
type Json = Record<string, any>;

describe.skipIf(!hasAdb)('droidproof serve', () => {
  let h: Harness;
  let app: FastifyInstance;
  let base: string;

  async function call(method: string, path: string, body?: unknown, headers: Json = {}) {
    const init: RequestInit = { method, headers: { ...headers } };
    if (body !== undefined) {
      init.body = typeof body === 'string' ? body : JSON.stringify(body);
      (init.headers as Json)['content-type'] = 'application/json';
    }
    const response = await fetch(`${base}${path}`, init);
    return { status: response.status, json: (await response.json()) as Json };
  }

  beforeAll(async () => {
    h = await startHarness();
    app = buildServeApp({ adbPort: h.server.port });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });

  afterAll(async () => {
    await app?.close();
    await h?.stop();
  });

  it('answers /ping and /version without touching a device', async () => {
    expect(await call('GET', '/ping')).toEqual({ status: 200, json: { ok: true } });
    const { json } = await call('GET', '/version');
    expect(json.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(Object.keys(json.buildIdentity).sort()).toEqual(['entryPath', 'mtimeMs', 'size']);
  });

  it('lists the adb devices', async () => {
    const { status, json } = await call('GET', '/devices');
    expect(status).toBe(200);
    expect(json).toEqual({ ok: true, devices: [{ serial: h.serial, state: 'device' }] });
  });

  it('passes the snapshot execution result through', async () => {
    const { status, json } = await call('POST', '/snapshot', { deviceId: h.serial });
    expect(status).toBe(200);
    expect(json.ok).toBe(true);
    expect(json.deviceId).toBe(h.serial);
    expect(json.terminalSource).toBe('androperator_result');
    expect(json).not.toHaveProperty('isCanonicalTerminal');
    expect(json.envelope.commandId).toMatch(/^serve-snap-\d+$/);
    expect(json.envelope.stepResults[0]).toMatchObject({ id: 'snap', actionType: 'snapshot', success: true });
    expect(json.envelope.stepResults[0].data.text).toContain('<hierarchy');
  });

  it('runs a caller execution and answers a failed envelope with 200 and ok: true', async () => {
    const execution = {
      commandId: 'serve-open',
      taskId: 'serve-open',
      source: 'test',
      expectedFormat: 'android-ui-automator',
      timeoutMs: 10_000,
      actions: [
        { id: 'o', type: 'open_app', params: { applicationId: 'com.droidproof.settings' } },
        {
          id: 'w',
          type: 'wait_for_node',
          params: { matcher: { textEquals: 'No such row' }, timeoutMs: 300 },
        },
      ],
    };
    const { status, json } = await call('POST', '/execute', { execution, deviceId: h.serial });
    expect(status).toBe(200);
    expect(json.ok).toBe(true);
    expect(json.envelope.status).toBe('failed');
    expect(json.envelope.stepResults[0].success).toBe(true);
  });

  it('maps shared execution errors to the seed statuses', async () => {
    const invalid = await call('POST', '/execute', {
      execution: {
        commandId: 'x',
        taskId: 'x',
        source: 's',
        timeoutMs: 1000,
        actions: [{ id: 'k', type: 'press_key' }],
      },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.json.ok).toBe(false);
    expect(invalid.json.error.code).toBe('EXECUTION_VALIDATION_FAILED');
    const missing = await call('POST', '/snapshot', { deviceId: 'emulator-9999' });
    expect(missing.status).toBe(404);
    expect(missing.json.error.code).toBe('DEVICE_NOT_FOUND');
  });

  it('answers malformed, oversized and misrouted requests with typed wrappers', async () => {
    const cases: [string, string, unknown, number, string][] = [
      ['POST', '/execute', '{"execution":', 400, 'INVALID_JSON'],
      ['POST', '/execute', [1, 2], 400, 'INVALID_BODY'],
      ['POST', '/execute', {}, 400, 'MISSING_EXECUTION'],
      ['POST', '/snapshot', { deviceId: 7 }, 400, 'INVALID_DEVICE_ID'],
      ['POST', '/snapshot', { operatorPackage: ' ' }, 400, 'INVALID_OPERATOR_PACKAGE'],
      ['POST', '/screenshot', { path: '' }, 400, 'INVALID_PATH'],
      ['POST', '/execute', { execution: { pad: 'x'.repeat(110 * 1024) } }, 413, 'PAYLOAD_TOO_LARGE'],
      ['GET', '/nope', undefined, 404, 'ROUTE_NOT_FOUND'],
      ['DELETE', '/ping', undefined, 404, 'ROUTE_NOT_FOUND'],
    ];
    for (const [method, path, body, status, code] of cases) {
      const answer = await call(method, path, body);
      expect({ path, status: answer.status, code: answer.json.error?.code }).toEqual({ path, status, code });
      expect(answer.json.ok).toBe(false);
      expect(typeof answer.json.error.message).toBe('string');
    }
  });

  it('refuses a second execution on a busy device with 423 EXECUTION_CONFLICT_IN_FLIGHT', async () => {
    const sleep = (id: string) => ({
      execution: {
        commandId: id,
        taskId: id,
        source: 'test',
        expectedFormat: 'android-ui-automator',
        timeoutMs: 10_000,
        actions: [{ id: 's', type: 'sleep', params: { durationMs: 800 } }],
      },
      deviceId: h.serial,
    });
    const answers = await Promise.all([
      call('POST', '/execute', sleep('c1')),
      call('POST', '/execute', sleep('c2')),
    ]);
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 423]);
    const refused = answers.find((a) => a.status === 423)!;
    expect(refused.json.error.code).toBe('EXECUTION_CONFLICT_IN_FLIGHT');
    expect(h.received.filter((p) => /"c[12]"/.test(p))).toHaveLength(1);
  });

  it('streams the heartbeat, then result and execution events over SSE', async () => {
    const controller = new AbortController();
    const response = await fetch(`${base}/events`, { signal: controller.signal });
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const readUntil = async (needle: string) => {
      // A needle counts once the frame that contains it has ended.
      while (!text.includes(needle) || !text.slice(text.indexOf(needle)).includes('\n\n')) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`stream ended before ${needle}`);
        text += decoder.decode(value, { stream: true });
      }
    };
    await readUntil('event: heartbeat');
    expect(text).toContain('"code":"CONNECTED"');
    await call('POST', '/snapshot', { deviceId: h.serial });
    await readUntil('event: androperator:execution');
    expect(text).toContain('event: androperator:result');
    const frames = text.split('\n\n').filter((f) => f.startsWith('event: androperator:execution'));
    const data = JSON.parse(frames[0]!.split('\ndata: ')[1]!);
    expect(data.deviceId).toBe(h.serial);
    expect(data.result.envelope.status).toBe('success');
    controller.abort();
  });

  it('checks a bearer token on every request when one is set', async () => {
    const guarded = buildServeApp({ adbPort: h.server.port, token: 's3cret' });
    await guarded.listen({ host: '127.0.0.1', port: 0 });
    try {
      const address = guarded.server.address();
      const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/ping`;
      const denied = await fetch(url);
      expect(denied.status).toBe(401);
      expect(((await denied.json()) as Json).error.code).toBe('UNAUTHORIZED');
      const wrong = await fetch(url, { headers: { authorization: 'Bearer s3cres' } });
      expect(wrong.status).toBe(401);
      const allowed = await fetch(url, { headers: { authorization: 'Bearer s3cret' } });
      expect(await allowed.json()).toEqual({ ok: true });
    } finally {
      await guarded.close();
    }
  });

  it('the serve command announces its URL on stderr, serves, and exits 0 on SIGTERM', async () => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        tsx,
        join(root, 'src/cli/main.ts'),
        'serve',
        '--port',
        '0',
        '--adb-port',
        String(h.server.port),
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    let stderr = '';
    const announced = await new Promise<Json>((resolve, reject) => {
      child.stderr.setEncoding('utf8').on('data', (text: string) => {
        stderr += text;
        if (stderr.includes('\n')) resolve(JSON.parse(stderr.split('\n')[0]!));
      });
      child.on('exit', () => reject(new Error(`serve exited early: ${stderr}`)));
    });
    expect(announced).toMatchObject({ ok: true, serve: { tokenRequired: false } });
    expect(announced.serve.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const devices = (await (await fetch(`${announced.serve.url}/devices`)).json()) as Json;
    expect(devices.devices[0].serial).toBe(h.serial);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it('the serve command refuses a non-loopback host without a token', async () => {
    const { code, stdout } = await new Promise<{ code: number; stdout: string }>((resolve) => {
      execFile(
        process.execPath,
        ['--import', tsx, join(root, 'src/cli/main.ts'), 'serve', '--host', '0.0.0.0', '--port', '0'],
        { env: { ...process.env, DROIDPROOF_SERVE_TOKEN: '' } },
        (error, out) => resolve({ code: error ? Number(error.code) : 0, stdout: out }),
      );
    });
    expect(code).toBe(1);
    expect(JSON.parse(stdout)).toMatchObject({
      code: 'USAGE',
      details: { flag: '--token', host: '0.0.0.0' },
    });
  });
});
