/** `echo`, `true`, `false`, `sleep`, `id`, `date`, `test` / `[`. */
import { type CommandContext, hostSleep, type ShellCommand } from '../context.js';

const echo: ShellCommand = ({ args, stdout }) => {
  const noNewline = args[0] === '-n';
  const words = noNewline ? args.slice(1) : args;
  stdout(words.join(' ') + (noNewline ? '' : '\n'));
  return 0;
};

/**
 * `sleep` waits in host time, not device time: boot waiters and clients poll
 * with it, and a manual device clock must not freeze them.
 */
const sleep: ShellCommand = async ({ args, stderr, signal }) => {
  const seconds = Number(args[0]);
  if (!Number.isFinite(seconds) || seconds < 0) {
    stderr(`sleep: invalid number '${args[0] ?? ''}'\n`);
    return 1;
  }
  await hostSleep(seconds * 1000, signal);
  return 0;
};

const id: ShellCommand = ({ stdout }) => {
  stdout(
    'uid=2000(shell) gid=2000(shell) groups=2000(shell),1004(input),1007(log),1011(adb),1015(sdcard_rw),1028(sdcard_r),3001(net_bt_admin),3002(net_bt),3003(inet),3006(net_bw_stats),3009(readproc),3011(uhid) context=u:r:shell:s0\n',
  );
  return 0;
};

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `date` in UTC (the device's time zone), `date +%s` and `+FORMAT` with the common fields. */
const date: ShellCommand = ({ args, stdout, device }) => {
  const now = new Date(device.clock.wallTime());
  const format = args.find((a) => a.startsWith('+'))?.slice(1) ?? '%a %b %e %H:%M:%S %Z %Y';
  const fields: Record<string, string> = {
    s: String(Math.floor(now.getTime() / 1000)),
    Y: String(now.getUTCFullYear()),
    m: pad(now.getUTCMonth() + 1),
    d: pad(now.getUTCDate()),
    e: String(now.getUTCDate()).padStart(2, ' '),
    H: pad(now.getUTCHours()),
    M: pad(now.getUTCMinutes()),
    S: pad(now.getUTCSeconds()),
    N: pad(now.getUTCMilliseconds() * 1_000_000, 9),
    a: DAYS[now.getUTCDay()],
    b: MONTHS[now.getUTCMonth()],
    Z: 'UTC',
    '%': '%',
  };
  stdout(`${format.replace(/%([a-zA-Z%])/g, (m, f: string) => fields[f] ?? m)}\n`);
  return 0;
};

/** `test` / `[`: string, integer and file tests, `!`, `-a`, `-o`. */
function evaluate(args: string[], ctx: CommandContext): boolean {
  const orAt = args.indexOf('-o');
  if (orAt > 0) return evaluate(args.slice(0, orAt), ctx) || evaluate(args.slice(orAt + 1), ctx);
  const andAt = args.indexOf('-a', 1);
  if (andAt > 0 && args.length > 3)
    return evaluate(args.slice(0, andAt), ctx) && evaluate(args.slice(andAt + 1), ctx);
  if (args[0] === '!') return !evaluate(args.slice(1), ctx);
  if (args.length === 0) return false;
  if (args.length === 1) return args[0] !== '';
  if (args.length === 2) {
    const [op, value] = args;
    const stat = ctx.device.fs.stat(value);
    if (op === '-z') return value === '';
    if (op === '-n') return value !== '';
    if (op === '-e') return stat !== undefined;
    if (op === '-f') return stat !== undefined && (stat.mode & 0o170000) === 0o100000;
    if (op === '-d') return stat !== undefined && (stat.mode & 0o170000) === 0o40000;
    if (op === '-s') return stat !== undefined && stat.size > 0;
    return false;
  }
  const [left, op, right] = args;
  const a = Number.parseInt(left, 10);
  const b = Number.parseInt(right, 10);
  switch (op) {
    case '=':
    case '==':
      return left === right;
    case '!=':
      return left !== right;
    case '-eq':
      return a === b;
    case '-ne':
      return a !== b;
    case '-gt':
      return a > b;
    case '-ge':
      return a >= b;
    case '-lt':
      return a < b;
    case '-le':
      return a <= b;
    default:
      return false;
  }
}

const test: ShellCommand = (ctx) => {
  const args = ctx.name === '[' ? ctx.args.slice(0, -1) : ctx.args;
  if (ctx.name === '[' && ctx.args[ctx.args.length - 1] !== ']') {
    ctx.stderr("/system/bin/sh: [: missing ']'\n");
    return 2;
  }
  return evaluate(args, ctx) ? 0 : 1;
};

export const BUILTIN_COMMANDS: Record<string, ShellCommand> = {
  echo,
  true: () => 0,
  false: () => 1,
  sleep,
  id,
  date,
  test,
  '[': test,
};
