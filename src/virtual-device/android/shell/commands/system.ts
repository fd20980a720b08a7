/** `cmd` (package, activity, settings, power, statusbar), `svc`, `sh -c`. */
import type { ShellCommand } from '../context.js';

/** Quotes an argument for re-parsing by the shell. */
function quote(arg: string): string {
  return `'${arg.replace(/'/g, `'"'"'`)}'`;
}

/** `cmd <service>` forwards to the tool of the same service. */
const CMD_SERVICES: Record<string, string> = {
  package: 'pm',
  activity: 'am',
  settings: 'settings',
  window: 'wm',
  input: 'input',
};

const cmd: ShellCommand = (ctx) => {
  const [service, ...args] = ctx.args;
  const tool = CMD_SERVICES[service ?? ''];
  if (tool) return ctx.run([tool, ...args].map(quote).join(' '));
  if (service === 'power') {
    if (args[0] === 'wakeup') ctx.device.power.wakeUp();
    else if (args[0] === 'sleep') ctx.device.power.sleep();
    return 0;
  }
  if (service === 'statusbar' || service === 'notification' || service === 'media_session') return 0;
  if (service === undefined) {
    ctx.stderr(
      'cmd: No service specified; use -l to list all running services. Use -w to start and wait for a service.\n',
    );
    return 255;
  }
  ctx.stderr(`cmd: Can't find service: ${service}\n`);
  return 255;
};

/** `svc power stayon true`: accepted, nothing to do on a device that never sleeps by itself. */
const svc: ShellCommand = () => 0;

const sh: ShellCommand = (ctx) => {
  if (ctx.args[0] === '-c' && ctx.args[1] !== undefined) return ctx.run(ctx.args[1]);
  return 0;
};

export const SYSTEM_COMMANDS: Record<string, ShellCommand> = { cmd, svc, sh };
