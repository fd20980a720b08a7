import { describe, expect, it } from 'vitest';
import { createVirtualAndroid } from '../device.js';
import { execShell } from '../exec.js';

const device = () => createVirtualAndroid({ serial: 'virtual-5554' });
const run = (line: string, d = device()) => execShell(d, line);

describe('device shell grammar', () => {
  it('joins single-, double- and backslash-quoted pieces into one word', async () => {
    const r = await run(`echo 'a  b' "c  d" e\\ f`);
    expect(r.output).toBe('a  b c  d e f\n');
  });

  it("keeps an embedded quote written as '\"'\"' (brief: dispatch quoting)", async () => {
    const r = await run(`echo '{"a":"it'"'"'s"}'`);
    expect(r.output).toBe(`{"a":"it's"}\n`);
  });

  it("accepts the adb CLI's per-argument quoting (research 6: exec:cat '/x')", async () => {
    const r = await run(`'echo' '-n' 'one' 'two'`);
    expect(r.output).toBe('one two');
  });

  it('runs ; && || with the exit status deciding', async () => {
    const r = await run('false && echo no; false || echo yes; true && echo also');
    expect(r.output).toBe('yes\nalso\n');
  });

  it('exits 127 with the mksh message for unknown commands (research 9.7)', async () => {
    const r = await run('frobnicate --now');
    expect(r.exitCode).toBe(127);
    expect(r.stderr).toBe('/system/bin/sh: frobnicate: inaccessible or not found\n');
  });

  it('discards stderr with 2>/dev/null and stdout with >/dev/null', async () => {
    const r = await run('frobnicate 2>/dev/null; echo hidden >/dev/null; echo $?');
    expect(r.stderr).toBe('');
    expect(r.output).toBe('0\n');
  });

  it('merges stderr into stdout with 2>&1', async () => {
    const r = await run('frobnicate 2>&1');
    expect(r.output).toContain('inaccessible or not found');
    expect(r.stderr).toBe('');
  });

  it('expands $?, exported variables and braced variable names', async () => {
    const r = await run(
      [
        'export ANDROID_LOG_TAGS="\'\'"; X=1; echo "$ANDROID_LOG_TAGS ',
        `$${'{X}'}`,
        '"; false; echo $?',
      ].join(''),
    );
    expect(r.output).toBe("'' 1\n1\n");
  });

  it('exec replaces the shell: its exit code ends the command line', async () => {
    const r = await run('exec false; echo unreachable');
    expect(r.exitCode).toBe(1);
    expect(r.output).toBe('');
  });

  it('exit N stops with that status', async () => {
    expect((await run('exit 3; echo no')).exitCode).toBe(3);
  });

  it('runs the boot waiter loop with test and $(...) until the property flips', async () => {
    const d = device();
    d.props.set('sys.boot_completed', '0');
    setTimeout(() => d.props.set('sys.boot_completed', '1'), 50);
    const started = Date.now();
    const r = await execShell(
      d,
      'while [ "$(getprop sys.boot_completed)" != "1" ]; do sleep 0.02; done; echo booted',
    );
    expect(r.output).toBe('booted\n');
    expect(Date.now() - started).toBeGreaterThanOrEqual(40);
  });

  it('ends an endless loop when the stream closes (adbkit waitBootComplete shape)', async () => {
    const controller = new AbortController();
    const lines: string[] = [];
    const pending = execShell(device(), 'while getprop sys.boot_completed 2>/dev/null; do sleep 0.01; done', {
      signal: controller.signal,
      onStdout: (c) => {
        lines.push(c.toString());
        if (lines.length === 3) controller.abort();
      },
    });
    await pending;
    expect(lines).toEqual(['1\n', '1\n', '1\n']);
  });

  it('pipes buffered output into grep, and ! negates', async () => {
    const r = await run('getprop | grep ro.kernel.qemu; ! false && echo negated');
    expect(r.output).toBe('[ro.kernel.qemu]: [1]\nnegated\n');
  });

  it('supports if/then/else/fi and test operators', async () => {
    const r = await run(
      'if [ 3 -gt 2 -a -n "x" ]; then echo big; else echo small; fi; test -z "" && echo empty',
    );
    expect(r.output).toBe('big\nempty\n');
  });

  it('keeps unquoted *:I literal (no globbing)', async () => {
    expect((await run('echo *:I')).output).toBe('*:I\n');
  });

  it('reports a syntax error with exit 1 for an unterminated quote', async () => {
    const r = await run("echo 'oops");
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(/unterminated quoted string/);
  });

  it('writes > file into the device file system and reads it back', async () => {
    const d = device();
    await execShell(d, 'echo hello > /sdcard/a.txt; echo again >> /sdcard/a.txt');
    expect((await execShell(d, 'cat /sdcard/a.txt')).output).toBe('hello\nagain\n');
  });

  it('runs sh -c with a nested command line', async () => {
    expect((await run(`sh -c 'echo nested && echo ok'`)).output).toBe('nested\nok\n');
  });
});

describe('interactive shell and per-command variables', () => {
  it('reads command lines from stdin when the command line is empty, until exit', async () => {
    const r = await execShell(device(), '', {
      stdin: Buffer.from('echo one\nX=2; echo $X\nexit 4\necho never\n'),
    });
    expect(r.output).toBe('one\n2\n');
    expect(r.exitCode).toBe(4);
  });

  it('VAR=value cmd runs the command without setting VAR in the shell', async () => {
    const r = await run('ANDROID_LOG_TAGS=x sh -c "echo inner"; echo "[$ANDROID_LOG_TAGS]"');
    expect(r.output).toBe('inner\n[]\n');
  });
});
