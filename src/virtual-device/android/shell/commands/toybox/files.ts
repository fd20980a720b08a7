/** `cat`, `ls`, `stat`, `rm`, `mkdir`, `touch` over the device file system, with toybox's messages. */
import type { FileStat } from '../../../../services.js';
import type { CommandContext, ShellCommand } from '../../context.js';
import { parseOptions, readInputs, usageFailure } from './options.js';

const TYPE_MASK = 0o170000;
const DIRECTORY = 0o40000;
const isDirectory = (stat: FileStat) => (stat.mode & TYPE_MASK) === DIRECTORY;

export const cat: ShellCommand = async (ctx) => {
  const options = parseOptions('cat', ctx.args, 'uvt');
  if (typeof options === 'string') return usageFailure(ctx, options);
  const { inputs, failed } = await readInputs(ctx, 'cat', options.operands);
  for (const input of inputs) ctx.stdout(input.data);
  return failed ? 1 : 0;
};

function permissions(mode: number): string {
  const type = isDirectory({ mode, size: 0, mtime: 0 }) ? 'd' : '-';
  return (
    type +
    [6, 3, 0]
      .map((shift) => {
        const bits = (mode >> shift) & 7;
        return `${bits & 4 ? 'r' : '-'}${bits & 2 ? 'w' : '-'}${bits & 1 ? 'x' : '-'}`;
      })
      .join('')
  );
}

/** Who owns a path, as `ls -l` and `stat` print it. */
function owner(path: string): [user: string, group: string] {
  return path.startsWith('/data/local/tmp')
    ? ['shell', 'shell']
    : ['root', path.startsWith('/sdcard') ? 'everybody' : 'root'];
}

function formatTime(seconds: number, withSeconds = false): string {
  const iso = new Date(seconds * 1000).toISOString();
  return withSeconds
    ? `${iso.slice(0, 10)} ${iso.slice(11, 19)}.000000000 +0000`
    : `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}

/** 1 KiB blocks, as `total` and `stat` count them. */
const blocks = (stat: FileStat) => Math.ceil(stat.size / 4096) * 4;

function longLine(path: string, name: string, stat: FileStat): string {
  const [user, group] = owner(path);
  return `${permissions(stat.mode)} ${isDirectory(stat) ? 2 : 1} ${user} ${group} ${String(stat.size).padStart(5)} ${formatTime(stat.mtime)} ${name}\n`;
}

export const ls: ShellCommand = (ctx: CommandContext) => {
  const options = parseOptions('ls', ctx.args, 'laAdR1hnst');
  if (typeof options === 'string') return usageFailure(ctx, options);
  const long = options.flags.has('l');
  const paths = options.operands.length ? options.operands : ['.'];
  let status = 0;
  for (const [i, operand] of paths.entries()) {
    const path = operand === '.' ? '/' : operand;
    const stat = ctx.device.fs.stat(path);
    if (!stat) {
      ctx.stderr(`ls: ${operand}: No such file or directory\n`);
      status = 1;
      continue;
    }
    if (!isDirectory(stat) || options.flags.has('d')) {
      ctx.stdout(long ? longLine(path, operand, stat) : `${operand}\n`);
      continue;
    }
    const entries = ctx.device.fs.list(path) ?? [];
    if (paths.length > 1) ctx.stdout(`${i > 0 ? '\n' : ''}${operand}:\n`);
    if (long) ctx.stdout(`total ${entries.reduce((sum, e) => sum + blocks(e), 0)}\n`);
    for (const entry of entries)
      ctx.stdout(
        long ? longLine(`${path.replace(/\/$/, '')}/${entry.name}`, entry.name, entry) : `${entry.name}\n`,
      );
  }
  return status;
};

/** `stat [-c FORMAT] FILE...`: toybox's default block, or the `%` fields scripts use. */
export const stat: ShellCommand = (ctx) => {
  const options = parseOptions('stat', ctx.args, 'c:fLt');
  if (typeof options === 'string') return usageFailure(ctx, options);
  if (options.operands.length === 0) return usageFailure(ctx, 'stat: Needs 1 argument');
  let status = 0;
  for (const path of options.operands) {
    const st = ctx.device.fs.stat(path);
    if (!st) {
      ctx.stderr(`stat: '${path}': No such file or directory\n`);
      status = 1;
      continue;
    }
    const [user, group] = owner(path);
    const uid = user === 'shell' ? 2000 : 0;
    const gid = group === 'shell' ? 2000 : group === 'everybody' ? 9997 : 0;
    const kind = isDirectory(st) ? 'directory' : st.size === 0 ? 'regular empty file' : 'regular file';
    const octal = (st.mode & 0o7777).toString(8);
    const format = options.flags.get('c');
    if (typeof format === 'string') {
      const fields: Record<string, string> = {
        n: path,
        s: String(st.size),
        Y: String(st.mtime),
        X: String(st.mtime),
        Z: String(st.mtime),
        y: formatTime(st.mtime, true),
        a: octal,
        A: permissions(st.mode),
        F: kind,
        U: user,
        G: group,
        u: String(uid),
        g: String(gid),
        b: String(blocks(st) * 2),
        '%': '%',
      };
      ctx.stdout(`${format.replace(/%(.)/g, (all, f: string) => fields[f] ?? all)}\n`);
      continue;
    }
    const time = formatTime(st.mtime, true);
    ctx.stdout(
      `  File: ${path}\n  Size: ${st.size}\t Blocks: ${blocks(st) * 2}\t IO Blocks: 4096\t${kind}\n` +
        `Device: fd05h/64773d\t Inode: ${1000 + st.size}\t Links: ${isDirectory(st) ? 2 : 1}\n` +
        `Access: (${octal.padStart(4, '0')}/${permissions(st.mode)})\tUid: (${String(uid).padStart(5)}/${user.padStart(8)})\tGid: (${String(gid).padStart(5)}/${group.padStart(8)})\n` +
        `Access: ${time}\nModify: ${time}\nChange: ${time}\n`,
    );
  }
  return status;
};

export const rm: ShellCommand = (ctx) => {
  const options = parseOptions('rm', ctx.args, 'fRrvi');
  if (typeof options === 'string') return usageFailure(ctx, options);
  const force = options.flags.has('f');
  const recursive = options.flags.has('r') || options.flags.has('R');
  if (options.operands.length === 0 && !force) return usageFailure(ctx, 'rm: Needs 1 argument');
  let status = 0;
  for (const path of options.operands) {
    const st = ctx.device.fs.stat(path);
    let problem: string | undefined;
    if (!st) problem = force ? undefined : 'No such file or directory';
    else if (isDirectory(st) && !recursive) problem = 'Is a directory';
    else if (!ctx.device.fs.isWritable(path)) problem = 'Read-only file system';
    else ctx.device.fs.remove(path, recursive);
    if (problem) {
      ctx.stderr(`rm: ${path}: ${problem}\n`);
      status = 1;
    }
  }
  return status;
};

export const mkdir: ShellCommand = (ctx) => {
  const options = parseOptions('mkdir', ctx.args, 'pm:v');
  if (typeof options === 'string') return usageFailure(ctx, options);
  if (options.operands.length === 0) return usageFailure(ctx, 'mkdir: Needs 1 argument');
  const parents = options.flags.has('p');
  let status = 0;
  for (const path of options.operands) {
    const parent = path.replace(/\/+[^/]+\/*$/, '') || '/';
    let problem: string | undefined;
    if (ctx.device.fs.stat(path)) problem = parents ? undefined : 'File exists';
    else if (!ctx.device.fs.isWritable(path)) problem = 'Read-only file system';
    else if (!parents && !ctx.device.fs.stat(parent)) problem = 'No such file or directory';
    else ctx.device.fs.mkdirs(path);
    if (problem) {
      ctx.stderr(`mkdir: '${path}': ${problem}\n`);
      status = 1;
    }
  }
  return status;
};

export const touch: ShellCommand = (ctx) => {
  const options = parseOptions('touch', ctx.args, 'acmd:t:r:h');
  if (typeof options === 'string') return usageFailure(ctx, options);
  if (options.operands.length === 0) return usageFailure(ctx, 'touch: Needs 1 argument');
  let status = 0;
  for (const path of options.operands) {
    if (ctx.device.fs.stat(path) || ctx.device.fs.isWritable(path)) {
      ctx.device.fs.touch(path, Math.floor(ctx.device.clock.wallTime() / 1000));
      continue;
    }
    ctx.stderr(`touch: '${path}': Read-only file system\n`);
    status = 1;
  }
  return status;
};
