/**
 * `ps [-A|-e] [-o FIELD,...] [-p PID,...]`, `pidof [-s] NAME...`, `kill` and
 * `pkill` over the process table (system processes, running apps, and the
 * programs the shell runs, such as `screenrecord`). The shell user may not
 * signal other users' processes, so `kill` of an app or system pid fails
 * with EPERM, as on a phone.
 */
import type { VirtualAndroid } from '../../../device.js';
import { type ProcessInfo, SYSTEM_PROCESSES, userName, ZYGOTE_PID } from '../../../system/processes.js';
import { signalName } from '../../../system/shell-processes.js';
import type { CommandContext, ShellCommand } from '../../context.js';
import { parseOptions, usageFailure } from './options.js';

/** The shell's own pid and the next pids a toybox child would take. */
const SHELL_PID = 4200;

export function processTable(device: VirtualAndroid): ProcessInfo[] {
  const apps = device.activities.processes().map(({ packageName, pid }) => ({
    pid,
    ppid: ZYGOTE_PID,
    user: userName(device.packages.uidOf(packageName)),
    name: packageName,
    vsz: 14_000_000 + (pid % 97) * 4096,
    rss: 90_000 + (pid % 89) * 512,
    wchan: 'do_epoll_wait',
  }));
  const running = new Set(apps.map((p) => p.name));
  // A system process that is a package runs as that package's uid.
  const system = SYSTEM_PROCESSES.filter((p) => !running.has(p.name)).map((p) =>
    device.packages.isInstalled(p.name) ? { ...p, user: userName(device.packages.uidOf(p.name)) } : p,
  );
  const programs = device.shellProcesses.list().map(({ pid, name, argv }) => ({
    pid,
    ppid: SHELL_PID,
    user: 'shell',
    name,
    args: argv.join(' '),
    vsz: 10_950_000,
    rss: 9_800,
    wchan: 'do_epoll_wait',
  }));
  return [...system, ...apps, ...programs].sort((a, b) => a.pid - b.pid);
}

const COLUMNS: Record<string, { header: string; width: number; value: (p: ProcessInfo) => string }> = {
  USER: { header: 'USER', width: -12, value: (p) => p.user },
  PID: { header: 'PID', width: 5, value: (p) => String(p.pid) },
  PPID: { header: 'PPID', width: 6, value: (p) => String(p.ppid) },
  VSZ: { header: 'VSZ', width: 10, value: (p) => String(p.vsz) },
  RSS: { header: 'RSS', width: 6, value: (p) => String(p.rss) },
  WCHAN: { header: 'WCHAN', width: -16, value: (p) => p.wchan },
  ADDR: { header: 'ADDR', width: 4, value: () => '0' },
  S: { header: 'S', width: 1, value: () => 'S' },
  NAME: { header: 'NAME', width: 0, value: (p) => p.name },
  CMD: { header: 'CMD', width: 0, value: (p) => p.name },
  ARGS: { header: 'ARGS', width: 0, value: (p) => p.args ?? p.name },
};
const DEFAULT_COLUMNS = ['USER', 'PID', 'PPID', 'VSZ', 'RSS', 'WCHAN', 'ADDR', 'S', 'NAME'];

const pad = (text: string, width: number) => (width < 0 ? text.padEnd(-width) : text.padStart(width));

export const ps: ShellCommand = (ctx) => {
  const options = parseOptions('ps', ctx.args, 'Aaefdlwo:p:T');
  if (typeof options === 'string') return usageFailure(ctx, options);
  const fields =
    options.all
      .get('o')
      ?.flatMap((o) => o.split(','))
      .map((f) => f.split('=')[0].toUpperCase()) ?? DEFAULT_COLUMNS;
  const unknown = fields.find((f) => !COLUMNS[f]);
  if (unknown) return usageFailure(ctx, `ps: bad -o ${unknown}`);
  const pids = options.all
    .get('p')
    ?.flatMap((p) => p.split(','))
    .map(Number);
  const all = options.flags.has('A') || options.flags.has('e');
  const shell: ProcessInfo[] = [
    { pid: SHELL_PID, ppid: 410, user: 'shell', name: 'sh', vsz: 10_898_940, rss: 3_420, wchan: 'do_wait' },
    {
      pid: SHELL_PID + 1,
      ppid: SHELL_PID,
      user: 'shell',
      name: 'ps',
      vsz: 10_918_172,
      rss: 3_560,
      wchan: '0',
    },
  ];
  const table = [...processTable(ctx.device), ...shell];
  const rows = pids ? table.filter((p) => pids.includes(p.pid)) : all ? table : shell;
  const line = (cell: (column: (typeof COLUMNS)[string]) => string) =>
    fields.map((f) => pad(cell(COLUMNS[f]), COLUMNS[f].width)).join(' ');
  ctx.stdout(`${line((c) => c.header)}\n`);
  for (const p of rows) ctx.stdout(`${line((c) => c.value(p))}\n`);
  return pids && rows.length === 0 ? 1 : 0;
};

export const pidof: ShellCommand = (ctx) => {
  const options = parseOptions('pidof', ctx.args, 'so:');
  if (typeof options === 'string') return usageFailure(ctx, options);
  const table = processTable(ctx.device);
  const found = options.operands.flatMap((name) =>
    table
      .filter((p) => p.name === name)
      .map((p) => p.pid)
      .reverse(),
  );
  const pids = options.flags.has('s') ? found.slice(0, 1) : found;
  if (pids.length === 0) return 1;
  ctx.stdout(`${pids.join(' ')}\n`);
  return 0;
};

/** Delivers `signal` to one process of the table; the error line when it may not. */
function deliver(ctx: CommandContext, process: ProcessInfo, signal: string): string | undefined {
  if (process.user !== 'shell') return `${process.pid}: Operation not permitted`;
  ctx.device.shellProcesses.signal(process.pid, signal);
  return undefined;
}

/** A leading `-SIG`, `-s SIG` or `-SIGNUM`; default TERM. A string is the usage error. */
function takeSignal(args: string[], tool: string): string | { signal: string } {
  let spec = 'TERM';
  if (args[0] === '-s') spec = args.splice(0, 2)[1] ?? '';
  else if (args[0] && /^-[A-Za-z0-9]+$/.test(args[0]) && signalName(args[0].slice(1)))
    spec = args.shift()!.slice(1);
  const signal = signalName(spec);
  return signal ? { signal } : `${tool}: Unknown signal '${spec}'`;
}

export const kill: ShellCommand = (ctx) => {
  const args = [...ctx.args];
  const taken = takeSignal(args, 'kill');
  if (typeof taken === 'string') return usageFailure(ctx, taken);
  if (args[0]?.startsWith('-') && !/^-\d+$/.test(args[0]))
    return usageFailure(ctx, `kill: Unknown signal '${args[0].slice(1)}'`);
  if (args.length === 0) return usageFailure(ctx, 'kill: Needs 1 argument');
  const table = processTable(ctx.device);
  let status = 0;
  for (const arg of args) {
    const pid = Number(arg);
    const process = table.find((p) => p.pid === pid);
    const problem = !Number.isInteger(pid)
      ? `bad pid '${arg}'`
      : !process
        ? `${arg}: No such process`
        : deliver(ctx, process, taken.signal);
    if (!problem) continue;
    ctx.stderr(`kill: ${problem}\n`);
    status = 1;
  }
  return status;
};

/** `pkill [-SIGNAL] [-f] [-x] PATTERN`: signals the processes whose name (`-f`: command line) matches. */
export const pkill: ShellCommand = (ctx) => {
  const args = [...ctx.args];
  const taken = takeSignal(args, 'pkill');
  if (typeof taken === 'string') return usageFailure(ctx, taken);
  const options = parseOptions('pkill', args, 'fx');
  if (typeof options === 'string') return usageFailure(ctx, options);
  const [pattern] = options.operands;
  if (pattern === undefined) return usageFailure(ctx, 'pkill: Needs 1 argument');
  let regex: RegExp;
  try {
    regex = new RegExp(options.flags.has('x') ? `^(?:${pattern})$` : pattern);
  } catch {
    return usageFailure(ctx, `pkill: bad regex '${pattern}'`);
  }
  const matches = processTable(ctx.device).filter((p) =>
    regex.test(options.flags.has('f') ? (p.args ?? p.name) : p.name),
  );
  for (const process of matches) {
    const problem = deliver(ctx, process, taken.signal);
    if (problem) ctx.stderr(`pkill: ${problem}\n`);
  }
  return matches.length > 0 ? 0 : 1;
};
