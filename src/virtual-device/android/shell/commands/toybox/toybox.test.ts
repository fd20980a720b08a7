import { beforeEach, describe, expect, it } from 'vitest';
import { TEST_APPS } from '../../../../../../test-apps/index.js';
import { createVirtualAndroid, type VirtualAndroid } from '../../../device.js';
import { execShell } from '../../../exec.js';

let d: VirtualAndroid;
const sh = (line: string, stdin?: string) =>
  execShell(d, line, { stdin: stdin === undefined ? undefined : Buffer.from(stdin) });
const out = async (line: string, stdin?: string) => (await sh(line, stdin)).output;

const LINES = Array.from({ length: 15 }, (_, i) => `line ${i + 1}`).join('\n');

beforeEach(() => {
  d = createVirtualAndroid({ serial: 'virtual-5554', apps: [...TEST_APPS], clock: { mode: 'manual' } });
  d.fs.write('/sdcard/lines.txt', Buffer.from(`${LINES}\n`), 0o100660, 1_700_000_000);
  d.fs.write(
    '/sdcard/fruit.csv',
    Buffer.from('pear,3,green\napple,10,red\nfig,2,purple\napple,10,red\n'),
    0o100660,
    0,
  );
});

describe('head and tail', () => {
  it('take the first and last lines, -n N and -N, -c bytes, tail -n +N', async () => {
    expect(await out('head -n 2 /sdcard/lines.txt')).toBe('line 1\nline 2\n');
    expect(await out('head -3 /sdcard/lines.txt')).toBe('line 1\nline 2\nline 3\n');
    expect((await out('head /sdcard/lines.txt')).split('\n')).toHaveLength(11);
    expect(await out('tail -n 2 /sdcard/lines.txt')).toBe('line 14\nline 15\n');
    expect(await out('tail -n +14 /sdcard/lines.txt')).toBe('line 14\nline 15\n');
    expect(await out('head -c 4 /sdcard/lines.txt')).toBe('line');
    expect(await out('echo abc | tail -c 2')).toBe('c\n');
  });

  it('print ==> headers for several files and fail on a missing one', async () => {
    const r = await sh('head -n 1 /sdcard/lines.txt /nope /sdcard/fruit.csv');
    expect(r.output).toBe('==> /sdcard/lines.txt <==\nline 1\n\n==> /sdcard/fruit.csv <==\npear,3,green\n');
    expect([r.exitCode, r.stderr]).toEqual([1, 'head: /nope: No such file or directory\n']);
    expect((await sh('head -z x')).stderr).toBe("head: Unknown option 'z'\n");
  });
});

describe('grep', () => {
  it('filters with -E -i -v -c -o -n -w -F and -e, in pipelines', async () => {
    expect(await out('grep -E "line (3|13)$" /sdcard/lines.txt')).toBe('line 3\nline 13\n');
    expect(await out('grep "line \\(3\\|13\\)$" /sdcard/lines.txt')).toBe('line 3\nline 13\n');
    expect(await out('cat /sdcard/fruit.csv | grep -i APPLE | grep -c red')).toBe('2\n');
    expect(await out('grep -v a /sdcard/fruit.csv')).toBe('fig,2,purple\n');
    expect(await out('grep -o "[0-9]\\+" /sdcard/fruit.csv | head -n 2')).toBe('3\n10\n');
    expect(await out('grep -n fig /sdcard/fruit.csv')).toBe('3:fig,2,purple\n');
    expect(await out('grep -w "line 1" /sdcard/lines.txt')).toBe('line 1\n');
    expect(await out('echo "a.c abc" | grep -o -F a.c')).toBe('a.c\n');
    expect(await out('grep -e pear -e fig /sdcard/fruit.csv')).toBe('pear,3,green\nfig,2,purple\n');
  });

  it('exits 0 on a match, 1 without, 2 on an error; -q prints nothing', async () => {
    expect(await sh('grep -q apple /sdcard/fruit.csv')).toMatchObject({ exitCode: 0, output: '' });
    expect((await sh('grep kiwi /sdcard/fruit.csv')).exitCode).toBe(1);
    expect(await sh('grep kiwi /nope')).toMatchObject({
      exitCode: 2,
      stderr: 'grep: /nope: No such file or directory\n',
    });
    expect(await out('grep -q apple /sdcard/fruit.csv && echo found || echo missing')).toBe('found\n');
  });
});

describe('wc, sed, cut, sort, md5sum', () => {
  it('wc counts lines, words and bytes', async () => {
    expect(await out('cat /sdcard/fruit.csv | wc -l')).toBe('4\n');
    expect(await out('echo "one two  three" | wc -w')).toBe('3\n');
    expect(await out('wc /sdcard/fruit.csv')).toBe('      4       4      52 /sdcard/fruit.csv\n');
  });

  it('sed substitutes, prints and deletes with addresses', async () => {
    expect(await out('echo "a-b-c" | sed s/-/+/g')).toBe('a+b+c\n');
    expect(await out('echo "a-b-c" | sed "s/-/+/2"')).toBe('a-b+c\n');
    expect(await out("sed -n '2p;$p' /sdcard/fruit.csv")).toBe('apple,10,red\napple,10,red\n');
    expect(await out("sed -n '/fig/,$p' /sdcard/fruit.csv")).toBe('fig,2,purple\napple,10,red\n');
    expect(await out("sed '2,3d' /sdcard/fruit.csv")).toBe('pear,3,green\napple,10,red\n');
    expect(await out("echo 'key=value' | sed -E 's/([a-z]+)=(.*)/\\2 \\1 &/'")).toBe('value key key=value\n');
    expect(await out("sed -n -e '/pear/s/green/GREEN/p' /sdcard/fruit.csv")).toBe('pear,3,GREEN\n');
    expect(await out('sed 1q /sdcard/fruit.csv')).toBe('pear,3,green\n');
    expect((await sh("echo x | sed 'y/a/b/'")).stderr).toMatch(/^sed: bad script: Unknown command 'y'\n$/);
  });

  it('cut takes fields and characters; sort orders numerically, in reverse and uniquely', async () => {
    expect(await out('cut -d , -f 1,3 /sdcard/fruit.csv | head -n 1')).toBe('pear,green\n');
    expect(await out('cut -d, -f2- /sdcard/fruit.csv | tail -n 1')).toBe('10,red\n');
    expect(await out('echo abcdef | cut -c 2-4')).toBe('bcd\n');
    expect(await out('cut -d , -f 2 /sdcard/fruit.csv | sort -n')).toBe('2\n3\n10\n10\n');
    expect(await out('sort -u /sdcard/fruit.csv')).toBe('apple,10,red\nfig,2,purple\npear,3,green\n');
    expect(await out('sort -t , -k 2 -n -r /sdcard/fruit.csv | head -n 1')).toBe('apple,10,red\n');
  });

  it('md5sum hashes files and stdin', async () => {
    expect(await out('echo -n hello | md5sum')).toBe('5d41402abc4b2a76b9719d911017c592  -\n');
    expect(await out('md5sum /sdcard/fruit.csv')).toMatch(/^[0-9a-f]{32} {2}\/sdcard\/fruit\.csv\n$/);
  });
});

describe('files', () => {
  it('ls -l lists with a total, ls of a missing path fails like toybox', async () => {
    const listing = await out('ls -l /sdcard');
    expect(listing).toMatch(/^total \d+\n/);
    expect(listing).toContain('-rw-rw---- 1 root everybody   111 2023-11-14 22:13 lines.txt\n');
    expect(await sh('ls /nope')).toMatchObject({
      exitCode: 1,
      stderr: 'ls: /nope: No such file or directory\n',
    });
  });

  it('stat prints the block and -c fields', async () => {
    expect(await out('stat -c "%s %a %F %n" /sdcard/lines.txt')).toBe(
      '111 660 regular file /sdcard/lines.txt\n',
    );
    expect(await out('stat /sdcard/lines.txt')).toMatch(/^ {2}File: \/sdcard\/lines\.txt\n {2}Size: 111\t/);
    expect((await sh('stat /nope')).stderr).toBe("stat: '/nope': No such file or directory\n");
  });

  it('mkdir, touch and rm work where the shell may write and fail where it may not', async () => {
    expect((await sh('mkdir /sdcard/a/b')).stderr).toBe("mkdir: '/sdcard/a/b': No such file or directory\n");
    expect((await sh('mkdir -p /sdcard/a/b && touch /sdcard/a/b/f && ls /sdcard/a/b')).output).toBe('f\n');
    expect((await sh('mkdir /sdcard/a')).stderr).toBe("mkdir: '/sdcard/a': File exists\n");
    expect((await sh('mkdir /system/x')).stderr).toBe("mkdir: '/system/x': Read-only file system\n");
    expect((await sh('rm /sdcard/a')).stderr).toBe('rm: /sdcard/a: Is a directory\n');
    expect((await sh('rm -r /sdcard/a && ls /sdcard/a')).stderr).toBe(
      'ls: /sdcard/a: No such file or directory\n',
    );
    expect(await sh('rm /sdcard/nothing')).toMatchObject({
      exitCode: 1,
      stderr: 'rm: /sdcard/nothing: No such file or directory\n',
    });
    expect((await sh('rm -f /sdcard/nothing')).exitCode).toBe(0);
    d.clock.advance(60_000);
    await sh('touch /sdcard/lines.txt');
    expect(await out('stat -c %Y /sdcard/lines.txt')).toBe(`${Math.floor(d.clock.wallTime() / 1000)}\n`);
  });
});

describe('processes', () => {
  it('ps -A lists system processes and running apps with the toybox columns', async () => {
    d.activities.start({ packageName: 'com.droidproof.slow' });
    const pid = d.activities.pidOf('com.droidproof.slow');
    const table = await out('ps -A');
    expect(table.split('\n')[0]).toMatch(/^USER +PID +PPID +VSZ +RSS +WCHAN +ADDR S NAME$/);
    expect(table).toMatch(/^root +1 +0 .* init$/m);
    expect(table).toMatch(/^system +1000 +330 .* system_server$/m);
    expect(table).toMatch(new RegExp(`^u0_a\\d+ +${pid} +330 .* com\\.droidproof\\.slow$`, 'm'));
    expect(await out('ps -A | grep -c com.android.systemui')).toBe('1\n');
    expect(await out('ps -A -o PID,NAME | grep system_server')).toBe(' 1000 system_server\n');
    expect(await out('ps | tail -n 1')).toMatch(/ ps\n$/);
  });

  it('pidof finds apps and daemons; kill of another user`s process is not permitted', async () => {
    d.activities.start({ packageName: 'com.droidproof.slow' });
    const pid = d.activities.pidOf('com.droidproof.slow');
    expect(await out('pidof com.droidproof.slow')).toBe(`${pid}\n`);
    expect(await out('pidof system_server')).toBe('1000\n');
    expect((await sh('pidof com.nope')).exitCode).toBe(1);
    expect(await sh(`kill ${pid}`)).toMatchObject({
      exitCode: 1,
      stderr: `kill: ${pid}: Operation not permitted\n`,
    });
    expect((await sh('kill -9 99999')).stderr).toBe('kill: 99999: No such process\n');
    expect(d.activities.pidOf('com.droidproof.slow')).toBe(pid);
  });
});
