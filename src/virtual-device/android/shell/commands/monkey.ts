/**
 * `monkey -p <pkg> [-c <category>] <count>`: what clients use to launch an
 * app's launcher activity without knowing its class. Only the launch is
 * modelled (the random events are not): one event, then monkey's summary.
 */
import type { ShellCommand } from '../context.js';

const monkey: ShellCommand = (ctx) => {
  const packages: string[] = [];
  for (let i = 0; i < ctx.args.length; i++) {
    if (ctx.args[i] === '-p') packages.push(ctx.args[++i] ?? '');
    else if (['-c', '-s', '--throttle', '--pct-touch', '--pct-motion', '--pct-syskeys'].includes(ctx.args[i]))
      i++;
  }
  const target = packages.find((p) => ctx.device.packages.get(p)?.app?.screens.main);
  if (!target) {
    ctx.stdout('** No activities found to run, monkey aborted.\n');
    return 252;
  }
  const started = performance.now();
  ctx.device.activities.start({ packageName: target });
  const elapsed = Math.max(1, Math.round(performance.now() - started));
  ctx.stdout(
    `Events injected: 1\n## Network stats: elapsed time=${elapsed}ms (0ms mobile, 0ms wifi, ${elapsed}ms not connected)\n`,
  );
  return 0;
};

export const MONKEY_COMMANDS: Record<string, ShellCommand> = { monkey };
