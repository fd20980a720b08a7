/** `cat`, `ls`, `rm`, `mkdir`, `grep` over the in-memory file system and stdin. */
import type { CommandContext, ShellCommand } from '../context.js';

async function readStdin(ctx: CommandContext): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of ctx.stdin) chunks.push(chunk);
  return Buffer.concat(chunks);
}

const cat: ShellCommand = async (ctx) => {
  if (ctx.args.length === 0) {
    ctx.stdout(await readStdin(ctx));
    return 0;
  }
  let status = 0;
  for (const path of ctx.args) {
    const stat = ctx.device.fs.stat(path);
    const data = ctx.device.fs.read(path);
    if (data) ctx.stdout(data);
    else {
      ctx.stderr(`cat: ${path}: ${stat ? 'Is a directory' : 'No such file or directory'}\n`);
      status = 1;
    }
  }
  return status;
};

const ls: ShellCommand = ({ args, device, stdout, stderr }) => {
  const long = args.some((a) => /^-\w*l/.test(a));
  const paths = args.filter((a) => !a.startsWith('-'));
  let status = 0;
  for (const path of paths.length ? paths : ['/']) {
    const entries = device.fs.list(path);
    const stat = device.fs.stat(path);
    if (!stat) {
      stderr(`ls: ${path}: No such file or directory\n`);
      status = 1;
      continue;
    }
    const listed = entries ?? [{ name: path, ...stat }];
    for (const e of listed) {
      if (!long) stdout(`${e.name}\n`);
      else {
        const dir = (e.mode & 0o170000) === 0o40000;
        const mtime = new Date(e.mtime * 1000).toISOString().slice(0, 16).replace('T', ' ');
        stdout(
          `${dir ? 'd' : '-'}${permissions(e.mode)} 1 shell shell ${String(e.size).padStart(8)} ${mtime} ${e.name}\n`,
        );
      }
    }
  }
  return status;
};

function permissions(mode: number): string {
  return [6, 3, 0]
    .map((shift) => {
      const bits = (mode >> shift) & 7;
      return `${bits & 4 ? 'r' : '-'}${bits & 2 ? 'w' : '-'}${bits & 1 ? 'x' : '-'}`;
    })
    .join('');
}

const rm: ShellCommand = ({ args, device, stderr }) => {
  const flags = args.filter((a) => a.startsWith('-')).join('');
  let status = 0;
  for (const path of args.filter((a) => !a.startsWith('-'))) {
    if (!device.fs.remove(path, flags.includes('r')) && !flags.includes('f')) {
      stderr(`rm: ${path}: No such file or directory\n`);
      status = 1;
    }
  }
  return status;
};

const mkdir: ShellCommand = ({ args, device }) => {
  for (const path of args.filter((a) => !a.startsWith('-'))) device.fs.mkdirs(path);
  return 0;
};

/** `grep [-v] [-i] [-E] PATTERN [file]`: enough for `dumpsys ... | grep mCurrentFocus`. */
const grep: ShellCommand = async (ctx) => {
  const flags = ctx.args.filter((a) => /^-[a-zA-Z]+$/.test(a)).join('');
  const [pattern, file] = ctx.args.filter((a) => !/^-[a-zA-Z]+$/.test(a));
  if (pattern === undefined) {
    ctx.stderr('usage: grep [-vi] PATTERN [FILE]\n');
    return 2;
  }
  const input = file ? ctx.device.fs.read(file) : await readStdin(ctx);
  if (!input) {
    ctx.stderr(`grep: ${file}: No such file or directory\n`);
    return 2;
  }
  // Basic regular expressions treat these as literals; the rest reads the same as in JavaScript.
  const source = flags.includes('E') ? pattern : pattern.replace(/[+?(){}|]/g, '\\$&');
  const regex = new RegExp(source, flags.includes('i') ? 'i' : '');
  const lines = input.toString('utf8').split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  const matched = lines.filter((line) => regex.test(line) !== flags.includes('v'));
  for (const line of matched) ctx.stdout(`${line}\n`);
  return matched.length > 0 ? 0 : 1;
};

export const FILE_COMMANDS: Record<string, ShellCommand> = { cat, ls, rm, mkdir, grep };
