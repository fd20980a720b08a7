/**
 * Compatibility with the public clients of the Operator, in both dialects:
 * the virtual device is driven through the real adb server with the very
 * `adb` command lines the public Clawperator Node client runs (and the seeds'
 * equivalents for Androperator), and the output is parsed the way those
 * clients parse it. The parsing below is ours, written to follow the clients'
 * documented behaviour:
 * - dispatch: `adb -s <serial> shell "am broadcast -a '<action>' -p '<pkg>' --es 'payload' '<json>' --receiver-foreground"`,
 *   every argument single-quoted for the device shell;
 * - results: `adb -s <serial> logcat -c`, then a streaming `adb -s <serial> logcat -v time -T 1`
 *   started before the broadcast; the first line containing `[<Dialect>-Result]`
 *   whose JSON `commandId` matches ends the wait;
 * - snapshots (Clawperator): `adb -s <serial> logcat -d -v tag`; messages after a
 *   `[TaskScope] UI Hierarchy:` marker up to `</hierarchy>` are the XML;
 * - setup checks: `shell pm list packages <pkg>` lines equal to `package:<pkg>`,
 *   `shell dumpsys package <pkg>` `versionName=` line, `-d` stripped before comparing.
 * Then droidproof's own host runs against the same device in the same dialect.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, type DialectName } from '../../src/contract/dialect.js';
import { droidproofVersion } from '../../src/version.js';
import { type Harness, startHarness } from '../actuator/e2e/harness.js';
import { hasAdb } from '../virtual-device/adb-server.js';

interface Envelope {
  commandId: string;
  taskId: string;
  status: 'success' | 'failed';
  stepResults: { id: string; actionType: string; success: boolean; data?: Record<string, string> }[];
  error: string | null;
  errorCode?: string | null;
}

/** The device-shell single quoting the clients use: `'` becomes `'"'"'`. */
const quote = (value: string) => `'${value.replaceAll("'", `'"'"'`)}'`;

function adbEnv(h: Harness) {
  return { ...process.env, HOME: h.server.home, ANDROID_ADB_SERVER_PORT: String(h.server.port) };
}

/** `adb -s <serial> <args...>` as the clients spawn it (no host shell). */
function adb(h: Harness, args: string[]): Promise<{ stdout: string; code: number }> {
  return new Promise((resolve) => {
    const child = spawn('adb', ['-P', String(h.server.port), '-s', h.serial, ...args], { env: adbEnv(h) });
    let stdout = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.on('close', (code) => resolve({ stdout, code: code ?? 1 }));
  });
}

/** One client execution: logcat -c, a streaming logcat, then the broadcast; the matching result line. */
async function clientExecute(
  h: Harness,
  dialect: DialectName,
  operatorPackage: string,
  actions: unknown[],
  timeoutMs = 30_000,
): Promise<{ envelope: Envelope; line: string; chunkLines: string[] }> {
  const { action, resultPrefix, chunkPrefix } = DIALECTS[dialect];
  const commandId = `compat-${dialect}-${Math.random().toString(36).slice(2, 9)}`;
  const payload = JSON.stringify({
    commandId,
    taskId: commandId,
    source: 'compat-client',
    expectedFormat: 'android-ui-automator',
    timeoutMs,
    actions,
  });
  await adb(h, ['logcat', '-c']);
  const logcat: ChildProcess = spawn(
    'adb',
    ['-P', String(h.server.port), '-s', h.serial, 'logcat', '-v', 'time', '-T', '1'],
    { env: adbEnv(h) },
  );
  try {
    const chunkLines: string[] = [];
    const result = new Promise<{ envelope: Envelope; line: string }>((resolve, reject) => {
      let pending = '';
      const timer = setTimeout(() => reject(new Error(`no ${resultPrefix} for ${commandId}`)), 20_000);
      logcat.stdout?.setEncoding('utf8');
      logcat.stdout?.on('data', (chunk: string) => {
        pending += chunk;
        const lines = pending.split('\n');
        pending = lines.pop() ?? '';
        for (const raw of lines) {
          const line = raw.replace(/\r$/, '');
          const whole =
            chunkPrefix !== null && line.includes(chunkPrefix)
              ? addChunk(chunkLines, line, chunkPrefix, commandId)
              : line.slice(Math.max(0, line.indexOf(resultPrefix)));
          if (whole === undefined || !whole.startsWith(resultPrefix)) continue;
          const envelope = JSON.parse(whole.slice(resultPrefix.length).trim()) as Envelope;
          if (envelope.commandId !== commandId) continue;
          clearTimeout(timer);
          resolve({ envelope, line: whole });
        }
      });
    });
    // The clients attach logcat first and give it 300 ms; here a line written on the device proves it.
    await waitForAttach(h, logcat);
    const shellCommand = `am broadcast -a ${quote(action)} -p ${quote(operatorPackage)} --es ${quote('payload')} ${quote(payload)} --receiver-foreground`;
    const broadcast = await adb(h, ['shell', shellCommand]);
    expect(broadcast.code).toBe(0);
    expect(broadcast.stdout).toContain('Broadcast completed');
    return { ...(await result), chunkLines };
  } finally {
    logcat.kill('SIGTERM');
  }
}

interface Chunk {
  commandId: string;
  index: number;
  count: number;
  byteLength: number;
  sha256: string;
  data: string;
}

/**
 * Keeps the chunk lines of `commandId`; once all `count` have arrived, the
 * original line, checked against `byteLength` and `sha256` (BRIEF "Results").
 */
function addChunk(lines: string[], line: string, prefix: string, commandId: string): string | undefined {
  const chunk = JSON.parse(line.slice(line.indexOf(prefix) + prefix.length)) as Chunk;
  if (chunk.commandId !== commandId) return undefined;
  lines.push(line);
  const chunks = lines.map((l) => JSON.parse(l.slice(l.indexOf(prefix) + prefix.length)) as Chunk);
  if (chunks.length < chunk.count) return undefined;
  const bytes = Buffer.concat(
    chunks.sort((a, b) => a.index - b.index).map((c) => Buffer.from(c.data, 'base64')),
  );
  expect(bytes.length).toBe(chunk.byteLength);
  expect(createHash('sha256').update(bytes).digest('hex')).toBe(chunk.sha256);
  return bytes.toString('utf8');
}

async function waitForAttach(h: Harness, logcat: ChildProcess): Promise<void> {
  const marker = `compat-attach-${Math.random().toString(36).slice(2)}`;
  const seen = new Promise<void>((resolve) => {
    const onData = (chunk: string) => {
      if (!chunk.includes(marker)) return;
      logcat.stdout?.off('data', onData);
      resolve();
    };
    logcat.stdout?.on('data', onData);
  });
  h.vd.android.log('compat', marker);
  await seen;
}

/** Messages of `logcat -v tag` lines (`P/Tag: message`), as the Clawperator client extracts them. */
function messageOf(line: string): string {
  if (/^[A-Z]\//.test(line)) {
    const colon = line.indexOf(':');
    if (colon >= 0) return line.slice(colon + 1).replace(/^ /, '');
  }
  return line.trim();
}

/** Every hierarchy logged after a `[TaskScope] UI Hierarchy:` marker, in log order. */
function snapshotsFromLogs(lines: string[]): string[] {
  const marker = '[TaskScope] UI Hierarchy:';
  const snapshots: string[] = [];
  let current: string[] | undefined;
  const close = () => {
    const text = current?.join('\n').trim();
    if (text) snapshots.push(text);
    current = undefined;
  };
  for (const message of lines.map(messageOf).filter(Boolean)) {
    if (message.includes(marker)) {
      close();
      current = [];
      const rest = message.split(marker)[1]?.trim();
      if (rest) current.push(rest);
      continue;
    }
    if (!current) continue;
    const trimmed = message.trim();
    if (trimmed.startsWith('[') && !trimmed.startsWith('<')) {
      close();
      continue;
    }
    current.push(message);
    if (trimmed === '</hierarchy>') close();
  }
  close();
  return snapshots;
}

const SETTINGS = 'com.droidproof.settings';

function listsPackage(output: string, name: string): boolean {
  return output.split('\n').some((line) => line.trim() === `package:${name}`);
}

function versionNameOf(dumpsys: string): string | undefined {
  return dumpsys.match(/^\s*versionName=(.+)$/m)?.[1]?.trim();
}

describe.skipIf(!hasAdb)('public Clawperator client against the virtual device (clawperator dialect)', () => {
  let h: Harness;
  const operator = DIALECTS.clawperator.packages[0];

  beforeAll(async () => {
    h = await startHarness({ operator: () => ({ dialect: 'clawperator' }) });
    h.vd.android.activities.start({ packageName: SETTINGS });
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('setup checks: pm list packages and the dumpsys versionName the client compares', async () => {
    const listed = await adb(h, ['shell', 'pm', 'list', 'packages', operator]);
    expect(listsPackage(listed.stdout, operator)).toBe(true);
    const dump = await adb(h, ['shell', 'dumpsys', 'package', operator]);
    const versionName = versionNameOf(dump.stdout);
    expect(versionName?.replace(/-d$/, '')).toBe(droidproofVersion());
  });

  it('the doctor handshake: doctor_ping answers success with the two string booleans the app reports', async () => {
    const { envelope } = await clientExecute(
      h,
      'clawperator',
      operator,
      [{ id: 'h1', type: 'doctor_ping' }],
      5000,
    );
    expect(envelope).toMatchObject({ status: 'success', error: null });
    expect(Object.keys(envelope)).toEqual(['commandId', 'taskId', 'status', 'stepResults', 'error']);
    expect(envelope.stepResults[0]).toEqual({
      id: 'h1',
      actionType: 'doctor_ping',
      success: true,
      data: { developer_options_enabled: 'true', usb_debugging_enabled: 'true' },
    });
  });

  it('snapshot_ui: one short result line, the XML read back from `logcat -d -v tag` hierarchy lines', async () => {
    const { envelope, line } = await clientExecute(h, 'clawperator', operator, [
      { id: 'snap', type: 'snapshot_ui' },
    ]);
    expect(Buffer.byteLength(line)).toBeLessThan(3000);
    const [step] = envelope.stepResults;
    expect(step).toMatchObject({ id: 'snap', actionType: 'snapshot_ui', success: true });
    expect(step.data?.text).toBeUndefined();
    const dump = await adb(h, ['logcat', '-d', '-v', 'tag']);
    const snapshots = snapshotsFromLogs(dump.stdout.split('\n'));
    expect(snapshots).toHaveLength(1);
    expect(snapshots[0]).toMatch(/^<\?xml[^\n]*\?>\n<hierarchy rotation="0">\n<node /);
    expect(snapshots[0].endsWith('</hierarchy>')).toBe(true);
    expect(snapshots[0]).toContain('text="Wi-Fi"');
  });

  it('device-side aliases and case: FIND_NODE and key_press run as their canonical actions', async () => {
    const { envelope } = await clientExecute(h, 'clawperator', operator, [
      { id: 'w', type: 'FIND_NODE', params: { matcher: { textEquals: 'Wi-Fi' } } },
      { id: 'k', type: 'key_press', params: { key: 'back' } },
    ]);
    h.vd.android.activities.start({ packageName: SETTINGS });
    expect(envelope.status).toBe('success');
    expect(envelope.stepResults.map((s) => [s.id, s.actionType, s.success])).toEqual([
      ['w', 'wait_for_node', true],
      ['k', 'press_key', true],
    ]);
  });

  it('no per-step receipts and no chunking: a click step carries no target or dispatch fields', async () => {
    const { envelope, chunkLines } = await clientExecute(h, 'clawperator', operator, [
      { id: 'c', type: 'click', params: { matcher: { textEquals: 'Wi-Fi' } } },
    ]);
    expect(chunkLines).toEqual([]);
    const data = envelope.stepResults[0]?.data ?? {};
    for (const key of ['target', 'matched_target', 'dispatch_method', 'dispatch_accepted', 'elapsed_ms'])
      expect(data).not.toHaveProperty(key);
  });

  it('a failed run logs stepResults [] and the reason, with no errorCode key', async () => {
    const { envelope } = await clientExecute(h, 'clawperator', operator, [
      { id: 'w', type: 'wait_for_node', params: { matcher: { textEquals: 'No such node' }, timeoutMs: 200 } },
    ]);
    expect(envelope.status).toBe('failed');
    expect(envelope.stepResults).toEqual([]);
    expect(typeof envelope.error).toBe('string');
    expect(envelope).not.toHaveProperty('errorCode');
  });

  it('droidproof host in the clawperator dialect: snapshot XML from [TaskScope] lines, clicks, reads', async () => {
    const device = await h.connect({ dialect: 'clawperator', operatorPackage: operator });
    try {
      const snap = await device.snapshot();
      expect(snap.step.actionType).toBe('snapshot');
      expect(snap.hierarchy.roots.length).toBeGreaterThan(0);
      expect(snap.xml).toContain('<hierarchy');
      await device.waitForNode({ textEquals: 'Wi-Fi' });
      const shot = createHash('sha256').update(snap.xml).digest('hex');
      const again = await device.snapshot();
      expect(createHash('sha256').update(again.xml).digest('hex')).toBe(shot);
    } finally {
      device.close();
    }
  });

  it('droidproof doctor in the clawperator dialect: the handshake passes; interactivity is not reported', async () => {
    const device = await h.connect({ dialect: 'clawperator', operatorPackage: operator });
    try {
      const report = await device.doctor();
      const byId = new Map(report.checks.map((check) => [check.id, check]));
      expect(byId.get('readiness.handshake')?.status).toBe('pass');
      expect(byId.get('readiness.device.interactive')?.status).toBe('warn');
    } finally {
      device.close();
    }
  });

  it('a released Clawperator APK versions independently: doctor reports its version, executions run', async () => {
    const packages = h.devices[0].vd.android.packages;
    const installed = packages.get(operator)!;
    packages.install({ ...installed, versionName: '0.9.4' });
    const device = await h.connect({ dialect: 'clawperator', operatorPackage: operator });
    try {
      const report = await device.doctor();
      expect(report.checks.find((c) => c.id === 'readiness.version.compatibility')).toMatchObject({
        status: 'pass',
        evidence: { apkVersion: '0.9.4' },
      });
      expect((await device.snapshot()).hierarchy.roots.length).toBeGreaterThan(0);
    } finally {
      device.close();
      packages.install(installed);
    }
  });

  it('droidproof host refuses an action the clawperator Operator does not run, before dispatch', async () => {
    const device = await h.connect({ dialect: 'clawperator', operatorPackage: operator });
    try {
      await expect(device.query({ textEquals: 'Wi-Fi' })).rejects.toMatchObject({
        code: 'EXECUTION_ACTION_UNSUPPORTED',
        details: expect.objectContaining({ dispatchState: 'not_dispatched' }),
      });
    } finally {
      device.close();
    }
  });
});

describe.skipIf(!hasAdb)('the same client flow in the androperator dialect', () => {
  let h: Harness;
  const operator = DIALECTS.androperator.packages[0];

  beforeAll(async () => {
    h = await startHarness();
    h.vd.android.activities.start({ packageName: SETTINGS });
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('snapshot: the XML is in data.text of the envelope, chunked over 3000 bytes and reassembled by SHA-256', async () => {
    const { envelope, chunkLines } = await clientExecute(h, 'androperator', operator, [
      { id: 'snap', type: 'snapshot' },
    ]);
    expect(chunkLines.length).toBeGreaterThan(1);
    expect(Object.keys(envelope)).toEqual([
      'commandId',
      'taskId',
      'stepResults',
      'status',
      'error',
      'errorCode',
    ]);
    expect(envelope.stepResults[0]).toMatchObject({ actionType: 'snapshot', success: true });
    expect(envelope.stepResults[0].data?.text).toContain('text="Wi-Fi"');
  });

  it('the doctor handshake sends doctor_ping with timeoutMs 5000, as the public client does, and passes', async () => {
    const device = await h.connect();
    try {
      const report = await device.doctor();
      expect(report.checks.find((c) => c.id === 'readiness.handshake')?.status).toBe('pass');
      const pings = h.received
        .map((payload) => JSON.parse(payload) as { timeoutMs: number; actions: { type: string }[] })
        .filter((payload) => payload.actions.every((action) => action.type === 'doctor_ping'));
      expect(pings.length).toBeGreaterThan(0);
      expect(pings.every((payload) => payload.timeoutMs === 5000)).toBe(true);
    } finally {
      device.close();
    }
  });

  it('a click step carries its dispatch receipt (seed 003:1738-1786)', async () => {
    const { envelope } = await clientExecute(h, 'androperator', operator, [
      { id: 'c', type: 'click', params: { matcher: { textEquals: 'Wi-Fi' } } },
    ]);
    expect(envelope.stepResults[0].data).toMatchObject({ dispatch_accepted: 'true' });
    expect(envelope.stepResults[0].data).toHaveProperty('target');
  });
});
