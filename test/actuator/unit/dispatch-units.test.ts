import { describe, expect, it } from 'vitest';
import type { DeviceShell } from '../../../src/actuator/adb/device-shell.js';
import {
  broadcastCommand,
  MAX_ADB_REQUEST_BYTES,
  sendBroadcast,
} from '../../../src/actuator/execution/broadcast.js';
import { executionLockKey, withExecutionLock } from '../../../src/actuator/execution/execution-lock.js';
import { OperatorPresence } from '../../../src/actuator/execution/operator-presence.js';
import { DIALECTS } from '../../../src/contract/dialect.js';
import { DroidproofError } from '../../../src/contract/errors.js';

function shellAnswering(answer: (command: string) => string | Error): DeviceShell & { commands: string[] } {
  const commands: string[] = [];
  return {
    serial: 's1',
    commands,
    async exec(command) {
      commands.push(command);
      const out = answer(command);
      if (out instanceof Error) throw out;
      return Buffer.from(out);
    },
    stream: () => Promise.reject(new Error('unused')),
    pull: () => Promise.reject(new Error('unused')),
  };
}

describe('broadcast dispatch', () => {
  it('builds the brief command line with every value single-quoted', () => {
    expect(broadcastCommand(DIALECTS.androperator, 'com.androperator.operator', `{"t":"it's"}`)).toBe(
      `am broadcast -a 'app.androperator.operator.ACTION_AGENT_COMMAND' -p 'com.androperator.operator' --es payload '{"t":"it'"'"'s"}' --receiver-foreground`,
    );
  });

  it('BROADCAST_FAILED when am refuses (not dispatched), or the answer is empty, cut or dropped (unknown)', async () => {
    const refused = shellAnswering(() => 'Error: Bad component name\n');
    await expect(sendBroadcast(refused, DIALECTS.androperator, 'p', '{}')).rejects.toMatchObject({
      code: 'BROADCAST_FAILED',
      details: { dispatchState: 'not_dispatched' },
    });
    const dropped = shellAnswering(() =>
      Object.assign(new Error('closed'), { code: 'DEVICE_SHELL_UNAVAILABLE' }),
    );
    await expect(sendBroadcast(dropped, DIALECTS.androperator, 'p', '{}')).rejects.toMatchObject({
      code: 'BROADCAST_FAILED',
      details: { dispatchState: 'unknown' },
    });
    for (const answer of ['', 'Broadcasting: Intent { act=x }\n', 'Broadc']) {
      await expect(
        sendBroadcast(
          shellAnswering(() => answer),
          DIALECTS.androperator,
          'p',
          '{}',
        ),
      ).rejects.toMatchObject({ code: 'BROADCAST_FAILED', details: { dispatchState: 'unknown' } });
    }
    for (const [errno, dispatchState] of [
      ['ECONNRESET', 'unknown'],
      ['ECONNREFUSED', 'not_dispatched'],
    ]) {
      const server = shellAnswering(() => new DroidproofError('ADB_SERVER_FAILED', errno!, { errno }));
      await expect(sendBroadcast(server, DIALECTS.androperator, 'p', '{}')).rejects.toMatchObject({
        details: { dispatchState },
      });
    }
    const ok = shellAnswering(() => 'Broadcasting: Intent { }\nBroadcast completed: result=0\n');
    await expect(sendBroadcast(ok, DIALECTS.androperator, 'p', '{}')).resolves.toBeUndefined();
  });
});

describe('broadcast request size', () => {
  it("refuses a payload whose quoted request outgrows adb's 0xFFFF-byte limit, before anything is sent", async () => {
    const shell = shellAnswering(() => 'Broadcast completed: result=0\n');
    const quotes = JSON.stringify({ text: "'".repeat(13_500) });
    expect(Buffer.byteLength(quotes)).toBeLessThan(64_000);
    await expect(
      sendBroadcast(shell, DIALECTS.androperator, 'com.androperator.operator', quotes),
    ).rejects.toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: expect.stringContaining("each ' in the payload costs 5 bytes"),
      details: { limitBytes: MAX_ADB_REQUEST_BYTES },
    });
    expect(shell.commands).toEqual([]);
    // The contract's largest plain payload still fits.
    const plain = JSON.stringify({ text: 'a'.repeat(63_980) });
    await sendBroadcast(shell, DIALECTS.androperator, 'com.androperator.operator', plain);
    expect(shell.commands).toHaveLength(1);
  });
});

describe('OperatorPresence', () => {
  it('distinguishes installed, variant mismatch, not installed and a failed query; caches only success', async () => {
    const END = 'droidproof:pm-list-end\n';
    let listing = `package:com.androperator.operator\npackage:com.androperator.operator.dev\n${END}`;
    const shell = shellAnswering(() => listing);
    const presence = new OperatorPresence(shell, DIALECTS.androperator, 'com.androperator.operator');
    await presence.ensureInstalled();
    await presence.ensureInstalled();
    expect(shell.commands).toEqual([
      "pm list packages 'com.androperator.operator'; echo droidproof:pm-list-end",
    ]);
    presence.invalidate();
    listing = `package:com.androperator.operator.dev\n${END}`;
    await expect(presence.ensureInstalled()).rejects.toMatchObject({ code: 'OPERATOR_VARIANT_MISMATCH' });
    listing = END;
    await expect(presence.ensureInstalled()).rejects.toMatchObject({ code: 'OPERATOR_NOT_INSTALLED' });
    listing = `Error: Can't find service: package\n${END}`;
    await expect(presence.ensureInstalled()).rejects.toMatchObject({ code: 'DEVICE_SHELL_UNAVAILABLE' });
    // An empty answer is a connection that ended early, never proof that nothing is installed.
    for (listing of ['', 'package:com.andro']) {
      await expect(presence.ensureInstalled()).rejects.toMatchObject({
        code: 'DEVICE_SHELL_UNAVAILABLE',
        message: expect.stringContaining('no complete answer'),
      });
    }
  });
});

describe('withExecutionLock', () => {
  it('runs tasks for one key in arrival order, one at a time, even when one fails', async () => {
    const key = executionLockKey('s', 'p');
    const events: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const first = withExecutionLock(key, async () => {
      events.push('1 start');
      await gate;
      events.push('1 end');
      throw new Error('boom');
    });
    const second = withExecutionLock(key, async () => {
      events.push('2');
    });
    const other = withExecutionLock(executionLockKey('t', 'p'), async () => {
      events.push('other key');
    });
    await other;
    expect(events).toEqual(['1 start', 'other key']);
    release();
    await expect(first).rejects.toThrow('boom');
    await second;
    expect(events).toEqual(['1 start', 'other key', '1 end', '2']);
  });
});
