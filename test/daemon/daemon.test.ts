/**
 * The daemon against a virtual device behind a real adb server, with a private
 * HOME: lifecycle statuses, that the CLI's commands go through the daemon (its
 * SSE stream sees them) unless --no-daemon, the version policy restart, that
 * an unowned socket is never touched, and the dispatch boundary. Lifecycle
 * calls run in-process (spawning the CLI costs seconds on a busy machine); the
 * transparent proxy is proven with the real bin.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { createServer, get, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildExecution } from '../../src/actuator/device/builders.js';
import { COMMANDS } from '../../src/cli/registry.js';
import { runCli } from '../../src/cli/run.js';
import { validateExecution } from '../../src/contract/validate.js';
import { PROXIED_COMMANDS } from '../../src/daemon/fast-path.js';
import { type DaemonOptions, daemonStatus, startDaemon, stopDaemon } from '../../src/daemon/lifecycle.js';
import { daemonKey, daemonPaths } from '../../src/daemon/paths.js';
import { proxyExecution } from '../../src/daemon/proxy.js';
import { versionInfo } from '../../src/serve/identity.js';
import { type Harness, startHarness } from '../actuator/e2e/harness.js';
import { hasAdb } from '../virtual-device/adb-server.js';

const root = join(import.meta.dirname, '../..');
const main = join(root, 'src/cli/main.ts');
const tsx = pathToFileURL(join(root, 'node_modules/tsx/dist/loader.mjs')).href;
// biome-ignore lint/suspicious/noExplicitAny: CLI output is asserted field by field.
type Json = Record<string, any>;

describe('the CLI fast path', () => {
  it('forwards only registered commands', () => {
    const names = COMMANDS.flatMap((c) => c.names);
    for (const name of PROXIED_COMMANDS) expect(names).toContain(name);
  });
});

describe('daemon keys', () => {
  it('are default for a blank device and base64url of the raw value otherwise', () => {
    expect(daemonKey({})).toBe('default');
    expect(daemonKey({ device: '' })).toBe('default');
    expect(daemonKey({ device: '192.168.1.1:5555' })).toBe('id-MTkyLjE2OC4xLjE6NTU1NQ');
    expect(daemonKey({ device: 'host:5555' })).not.toBe(daemonKey({ device: 'host-5555' }));
    expect(daemonKey({ device: 'a', adbPort: 5038 })).not.toBe(daemonKey({ device: 'a' }));
  });

  it('fall back to a digest when the socket path would be truncated by the OS', () => {
    const long = daemonPaths({ device: 'x'.repeat(80) }, '/tmp/a-rather-long-home-directory');
    expect(long.socket.length).toBeLessThanOrEqual(100);
    expect(long.key).toMatch(/^h-[\w-]{22}$/);
    expect(daemonPaths({ device: 'x'.repeat(80) }, '/tmp/a-rather-long-home-directory').key).toBe(long.key);
    expect(daemonPaths({ device: 'emulator-5554' }, '/home/ada').key).toBe(
      daemonKey({ device: 'emulator-5554' }),
    );
  });
});

describe.skipIf(!hasAdb)('droidproof daemon', () => {
  let h: Harness;
  let home: string;
  let options: DaemonOptions;

  /** The real bin as a child process with the private HOME. */
  function spawnCli(args: string[]): Promise<{ code: number; json: Json }> {
    const target = ['--device', h.serial, '--adb-port', String(h.server.port)];
    return new Promise((resolve) => {
      execFile(
        process.execPath,
        ['--import', tsx, main, ...args, ...target],
        { cwd: home, env: { ...process.env, HOME: home } },
        (error, stdout, stderr) =>
          resolve({ code: error ? Number(error.code) : 0, json: stdout ? JSON.parse(stdout) : { stderr } }),
      );
    });
  }

  /** Collects the daemon's SSE stream over its Unix socket. */
  function subscribe(socketPath: string): Promise<{ text: () => string; close: () => void }> {
    return new Promise((resolve) => {
      let text = '';
      const request = get({ socketPath, path: '/events' }, (response) => {
        response.on('data', (chunk: Buffer) => {
          text += chunk.toString();
        });
        resolve({ text: () => text, close: () => request.destroy() });
      });
      request.on('error', () => {});
    });
  }

  const execution = (type: 'snapshot' | 'click') =>
    validateExecution(
      buildExecution(type, (type === 'click' ? { matcher: { textEquals: 'Battery' } } : undefined) as never),
    );
  const paths = () => daemonPaths(options, home);

  beforeAll(async () => {
    h = await startHarness();
    home = await mkdtemp(join(tmpdir(), 'droidproof-daemon-'));
    options = {
      device: h.serial,
      adbPort: h.server.port,
      home,
      entry: main,
      execArgv: ['--import', tsx],
      readyTimeoutMs: 30_000,
    };
  });

  afterAll(async () => {
    await stopDaemon(options).catch(() => undefined);
    await h?.stop();
    await rm(home, { recursive: true, force: true });
  });

  it('starts, proxies the CLI transparently, honours --no-daemon, restarts for a new build, and stops', async () => {
    expect(await daemonStatus(options)).toEqual({ status: 'not_running', socketPath: paths().socket });
    expect(await startDaemon(options)).toEqual({ status: 'started', socketPath: paths().socket });
    expect((await startDaemon(options)).status).toBe('already_running');

    const status = await daemonStatus(options);
    expect(status).toMatchObject({ status: 'running', version: versionInfo(main).version });
    expect((status.buildIdentity as Json).entryPath).toBe(main);
    expect(status.uptimeSeconds).toBeGreaterThanOrEqual(0);
    expect(typeof status.pid).toBe('number');

    const events = await subscribe(paths().socket);
    const viaDaemon = await spawnCli(['snapshot']);
    expect(viaDaemon.code).toBe(0);
    expect(viaDaemon.json).toMatchObject({ deviceId: h.serial, isCanonicalTerminal: true });
    expect(viaDaemon.json.envelope.stepResults[0].data.text).toContain('<hierarchy');
    expect(events.text()).toContain('event: androperator:execution');

    const before = events.text().length;
    let out = '';
    const target = ['--device', h.serial, '--adb-port', String(h.server.port)];
    const code = await runCli(['--no-daemon', 'snapshot', ...target], {
      write: (t) => (out += t),
      cwd: home,
    });
    expect(code).toBe(0);
    expect(Object.keys(JSON.parse(out)).sort()).toEqual(Object.keys(viaDaemon.json).sort());
    expect(events.text().length).toBe(before);
    events.close();

    // A CLI from another build (here: another entry path) replaces the daemon before dispatching.
    const other = join(home, 'other-main.ts');
    await symlink(main, other);
    const outcome = await proxyExecution({
      ...options,
      entry: other,
      execution: execution('snapshot'),
      readOnly: true,
    });
    expect(outcome.via).toBe('daemon');
    const after = await daemonStatus(options);
    expect(after.status).toBe('running');
    expect(after.pid).not.toBe(status.pid);
    expect((after.buildIdentity as Json).entryPath).toBe(other);

    expect((await stopDaemon(options)).status).toBe('stopped');
    expect((await stopDaemon(options)).status).toBe('not_running');
    expect((await daemonStatus(options)).status).toBe('not_running');
    expect(existsSync(paths().socket)).toBe(false);
    const direct = await proxyExecution({ ...options, execution: execution('snapshot'), readOnly: true });
    expect(direct).toEqual({ via: 'direct', reason: 'no daemon running' });
  }, 180_000);

  it('with DROIDPROOF_DAEMON_AUTOSTART=1 the proxy starts a missing daemon, replacing a stale socket file', async () => {
    await mkdir(paths().dir, { recursive: true });
    await writeFile(paths().socket, '');
    expect((await daemonStatus(options)).status).toBe('not_running');
    const outcome = await proxyExecution({
      ...options,
      env: { DROIDPROOF_DAEMON_AUTOSTART: '1' },
      execution: execution('snapshot'),
      readOnly: true,
    });
    expect(outcome.via).toBe('daemon');
    expect((await daemonStatus(options)).status).toBe('running');
    expect((await stopDaemon(options)).status).toBe('stopped');
  }, 120_000);

  describe('with a listener on the socket that the CLI did not start', () => {
    let fake: Server;
    let onExecute: (req: IncomingMessage, res: ServerResponse) => void;

    beforeAll(async () => {
      const p = paths();
      await mkdir(p.dir, { recursive: true });
      fake = createServer((req, res) => {
        if (req.url === '/execute') return onExecute(req, res);
        res.setHeader('content-type', 'application/json');
        if (req.url === '/daemon') return res.end(JSON.stringify({ pid: process.pid, daemonKey: p.key }));
        if (req.url === '/version') return res.end(JSON.stringify(versionInfo(main)));
        res.end(JSON.stringify({ ok: true }));
      });
      await new Promise<void>((resolve) => fake.listen(p.socket, resolve));
    });

    afterAll(async () => {
      await new Promise((resolve) => fake.close(resolve));
      await rm(paths().socket, { force: true });
      await rm(paths().pid, { force: true });
    });

    it('reports unowned, refuses to stop it, and runs commands direct', async () => {
      onExecute = () => {
        throw new Error('an unowned daemon must not receive executions');
      };
      expect((await daemonStatus(options)).status).toBe('unowned');
      await expect(stopDaemon(options)).rejects.toMatchObject({ code: 'DAEMON_STOP_FAILED' });
      await expect(startDaemon(options)).rejects.toMatchObject({ code: 'DAEMON_START_FAILED' });
      const outcome = await proxyExecution({ ...options, execution: execution('snapshot'), readOnly: true });
      expect(outcome).toEqual({ via: 'direct', reason: 'daemon socket is not owned by this CLI' });
      expect(fake.listening).toBe(true);
    });

    it('a lost response after dispatch is DAEMON_PROXY_ERROR for an action; a snapshot may run direct', async () => {
      // Metadata that makes the listener look like our managed daemon of this build.
      const p = paths();
      await writeFile(
        p.pid,
        JSON.stringify({
          pid: process.pid,
          startedAt: Date.now(),
          daemonKey: p.key,
          cliEntryPath: main,
          rawDeviceId: null,
        }),
      );
      let executes = 0;
      onExecute = (req) => {
        executes++;
        req.resume();
        req.on('end', () => req.socket.destroy());
      };
      await expect(
        proxyExecution({ ...options, execution: execution('click'), readOnly: false }),
      ).rejects.toMatchObject({
        code: 'DAEMON_PROXY_ERROR',
        message: 'Daemon response lost; action may have executed',
      });
      const snap = await proxyExecution({ ...options, execution: execution('snapshot'), readOnly: true });
      expect(snap).toEqual({ via: 'direct', reason: 'read-only execution after a lost response' });
      expect(executes).toBe(2);
    });
  });
});
