import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { DeviceShell } from '../../../src/actuator/adb/device-shell.js';
import { LogcatReader } from '../../../src/actuator/logcat/logcat-reader.js';
import { DIALECTS } from '../../../src/contract/dialect.js';
import { encodeResultMessages } from '../../../src/virtual-device/operator/result-chunks.js';

/** A device shell whose logcat streams the test writes to; `failOpen` makes reopening fail. */
class FakeShell implements DeviceShell {
  readonly serial = 'fake-1';
  streams: PassThrough[] = [];
  commands: string[] = [];
  failOpen = false;

  async exec(command: string): Promise<Buffer> {
    this.commands.push(command);
    // `log -t ... marker` lands in the current stream like on a device.
    const marker = /^log -t droidproof '(.*)'$/.exec(command);
    if (marker) this.current.write(`I droidproof: ${marker[1]}\n`);
    return Buffer.alloc(0);
  }

  pull(): Promise<Buffer> {
    return Promise.reject(new Error('unused'));
  }

  async stream(command: string): Promise<PassThrough> {
    this.commands.push(command);
    if (this.failOpen) throw Object.assign(new Error('device offline'), { code: 'DEVICE_OFFLINE' });
    const stream = new PassThrough();
    this.streams.push(stream);
    return stream;
  }

  get current(): PassThrough {
    return this.streams[this.streams.length - 1];
  }

  log(message: string): void {
    this.current.write(`12-01 03:00:00.000  100  100 I Op: ${message}\n`);
  }
}

const envelope = (commandId: string, text = 'x') => ({
  commandId,
  taskId: commandId,
  status: 'success' as const,
  stepResults: [{ id: 's', actionType: 'snapshot', success: true, data: { text } }],
  error: null,
  errorCode: null,
});

describe('LogcatReader', () => {
  it('starts one -T stream, demultiplexes results by commandId and ignores others', async () => {
    const shell = new FakeShell();
    const reader = new LogcatReader(shell, DIALECTS.androperator);
    await reader.start();
    expect(shell.commands[0]).toBe("logcat -v 'threadtime' -T 1");
    const a = reader.waitForResult('a');
    const b = reader.waitForResult('b');
    for (const line of encodeResultMessages(envelope('zzz'), DIALECTS.androperator)) shell.log(line);
    for (const line of encodeResultMessages(envelope('b', 'é'.repeat(4000)), DIALECTS.androperator))
      shell.log(line);
    for (const line of encodeResultMessages(envelope('a'), DIALECTS.androperator)) shell.log(line);
    expect(JSON.parse((await a.line).slice('[Androperator-Result] '.length)).commandId).toBe('a');
    expect(
      JSON.parse((await b.line).slice('[Androperator-Result] '.length)).stepResults[0].data.text,
    ).toHaveLength(4000);
    reader.close();
  });

  it('is attached by the first buffered line without a marker, and by a marker only when the buffer is empty', async () => {
    const busy = new FakeShell();
    const opened = busy.stream.bind(busy);
    // A device that has logged before: `-T 1` prints its newest line at once.
    busy.stream = async (command) => {
      const stream = await opened(command);
      stream.write('12-01 03:00:00.000  100  100 I ActivityManager: newest line\n');
      return stream;
    };
    const reader = new LogcatReader(busy, DIALECTS.androperator, { markerDelayMs: 60_000 });
    await reader.start();
    expect(busy.commands).toEqual(["logcat -v 'threadtime' -T 1"]);
    reader.close();

    const empty = new FakeShell();
    const fresh = new LogcatReader(empty, DIALECTS.androperator, {
      markerDelayMs: 10,
      syncTimeoutMs: 60_000,
    });
    await fresh.start();
    expect(empty.commands[1]).toMatch(/^log -t droidproof 'droidproof-logcat-sync-/);
    fresh.close();
  });

  it('survives a stream restart: reconnects with a replay tail and still delivers the result', async () => {
    const shell = new FakeShell();
    const reader = new LogcatReader(shell, DIALECTS.androperator);
    await reader.start();
    const wait = reader.waitForResult('late');
    const lines = encodeResultMessages(envelope('late', 'ü'.repeat(5000)), DIALECTS.androperator);
    shell.log(lines[0]);
    shell.current.end(); // logcat killed mid-result
    await expect.poll(() => shell.streams.length).toBe(2);
    expect(shell.commands.at(-1)).toBe("logcat -v 'threadtime' -T 500");
    // The device replays the tail (duplicate first chunk), then the rest arrives.
    for (const line of lines) shell.log(line);
    await expect(wait.line).resolves.toContain('"commandId":"late"');
    expect(reader.restarts).toBe(2);
    reader.close();
  });

  it('fails waiters with LOGCAT_UNAVAILABLE when logcat cannot be reopened, and restarts on the next start()', async () => {
    const shell = new FakeShell();
    const reader = new LogcatReader(shell, DIALECTS.androperator, { reconnectAttempts: 2 });
    await reader.start();
    const wait = reader.waitForResult('x');
    shell.failOpen = true;
    shell.current.end();
    await expect(wait.line).rejects.toMatchObject({ code: 'LOGCAT_UNAVAILABLE' });
    expect(reader.running).toBe(false);
    shell.failOpen = false;
    await reader.start();
    expect(reader.running).toBe(true);
    reader.close();
  });

  it('rejects a malformed chunk stream for its command only', async () => {
    const shell = new FakeShell();
    const reader = new LogcatReader(shell, DIALECTS.androperator);
    await reader.start();
    const bad = reader.waitForResult('bad');
    const good = reader.waitForResult('good');
    const lines = encodeResultMessages(envelope('bad', 'x'.repeat(5000)), DIALECTS.androperator);
    shell.log(lines[0]);
    shell.log(lines[2]); // gap
    shell.log(encodeResultMessages(envelope('good'), DIALECTS.androperator)[0]);
    await expect(bad.line).rejects.toMatchObject({ code: 'RESULT_ENVELOPE_MALFORMED' });
    await expect(good.line).resolves.toContain('"good"');
    reader.close();
  });

  it('keeps a chunk line in the ring as its header and payload length; listeners get the raw line', async () => {
    const shell = new FakeShell();
    const reader = new LogcatReader(shell, DIALECTS.androperator);
    await reader.start();
    const heard: string[] = [];
    reader.onLine((line) => heard.push(line));
    const wait = reader.waitForResult('big');
    const lines = encodeResultMessages(envelope('big', 'x'.repeat(3000)), DIALECTS.androperator);
    shell.log('before');
    for (const line of lines) shell.log(line);
    await wait.line;
    const kept = reader.logcatSince(0).map((l) => l.text);
    const chunks = lines.map((line) => {
      const data = /"data":"([^"]*)"\}$/.exec(line)![1];
      return `12-01 03:00:00.000  100  100 I Op: ${line.slice(0, -data.length - 2)}<${data.length} base64 characters>"}`;
    });
    expect(kept.slice(-lines.length - 1)).toEqual(['12-01 03:00:00.000  100  100 I Op: before', ...chunks]);
    expect(heard.slice(-lines.length)).toEqual(
      lines.map((line) => `12-01 03:00:00.000  100  100 I Op: ${line}`),
    );
    reader.close();
  });

  it('drops a replayed tail of chunk lines after a reconnect, and still checks a replayed chunk against its first copy', async () => {
    const shell = new FakeShell();
    const reader = new LogcatReader(shell, DIALECTS.androperator);
    await reader.start();
    const wait = reader.waitForResult('late');
    const lines = encodeResultMessages(envelope('late', 'ü'.repeat(5000)), DIALECTS.androperator);
    shell.log('before');
    shell.log(lines[0]);
    shell.log(lines[1]);
    shell.current.end();
    await expect.poll(() => shell.streams.length).toBe(2);
    const ringBefore = reader.logcatSince(0).length;
    for (const line of lines) shell.log(line);
    await expect(wait.line).resolves.toContain('"commandId":"late"');
    // Only the chunks after the replayed ones are new.
    expect(reader.logcatSince(0).length).toBe(ringBefore + lines.length - 2);

    const altered = new FakeShell();
    const other = new LogcatReader(altered, DIALECTS.androperator);
    await other.start();
    const corrupt = other.waitForResult('late');
    altered.log(lines[0]);
    altered.log(lines[1]);
    altered.current.end();
    await expect.poll(() => altered.streams.length).toBe(2);
    // Same header, another payload of the same length: the ring cannot tell, the assembler does.
    const data = /"data":"([^"]*)"\}$/.exec(lines[1])![1];
    const flipped = `${data[0] === 'A' ? 'B' : 'A'}${data.slice(1)}`;
    altered.log(lines[0]);
    altered.log(lines[1].replace(data, flipped));
    await expect(corrupt.line).rejects.toMatchObject({
      code: 'RESULT_ENVELOPE_MALFORMED',
      details: { reason: 'a repeated chunk differs from the first copy' },
    });
    reader.close();
    other.close();
  });

  it('keeps a bounded ring of recent lines with receive times', async () => {
    let now = 1_000;
    const shell = new FakeShell();
    const reader = new LogcatReader(shell, DIALECTS.androperator, { ringSize: 3, now: () => now });
    await reader.start();
    for (const n of [1, 2, 3, 4]) {
      now += 10;
      shell.log(`line ${n}`);
    }
    await expect.poll(() => reader.logcatSince(0).length).toBe(3);
    expect(reader.logcatSince(1_030).map((l) => l.text.split(': ')[1])).toEqual(['line 3', 'line 4']);
    reader.close();
  });
});
