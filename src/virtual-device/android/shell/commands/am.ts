/** `am`: start, force-stop, broadcast, kill, user state. */
import { shortComponent } from '../../system/activities.js';
import type { CommandContext, ShellCommand } from '../context.js';
import { describeIntent, type IntentArgs, IntentArgsError, parseIntentArgs } from './intent.js';

/** FLAG_RECEIVER_INCLUDE_BACKGROUND, which `am broadcast` adds since Android 8. */
const FLAG_INCLUDE_BACKGROUND = 0x400000;
const FLAG_RECEIVER_FOREGROUND = 0x10000000;
const FLAG_ACTIVITY_NEW_TASK = 0x10000000;

function start(ctx: CommandContext, intent: IntentArgs): number {
  const { device } = ctx;
  // A bare package argument (`am start -S com.example`) names the package too.
  const packageName = intent.component?.split('/')[0] ?? intent.packageName ?? intent.rest[0];
  if (intent.options.has('-S') && packageName) device.activities.forceStop(packageName);
  // A bare package (or MAIN) is a launcher intent; another action is resolved by the apps that declare it.
  const launcher =
    !intent.component && !intent.data && (!intent.action || intent.action === 'android.intent.action.MAIN');
  const shown: IntentArgs = launcher
    ? {
        ...intent,
        action: intent.action ?? 'android.intent.action.MAIN',
        categories: ['android.intent.category.LAUNCHER'],
      }
    : intent;
  ctx.stdout(`Starting: ${describeIntent(shown, 0)}\n`);
  const started = performance.now();
  const result = device.activities.start({
    component: intent.component,
    packageName: launcher ? (intent.packageName ?? intent.rest[0]) : undefined,
    data: intent.data,
    action: intent.action,
  });
  if (!result.ok) {
    ctx.stderr(`Error type 3\nError: ${result.error}\n`);
    return 1;
  }
  const component = shortComponent(result.record.packageName, result.record.className);
  device.log(
    'ActivityTaskManager',
    `START u0 {${describeIntent({ ...shown, component }, FLAG_ACTIVITY_NEW_TASK).slice(9, -2)}} from uid 2000`,
  );
  if (result.broughtToFront)
    ctx.stdout('Warning: Activity not started, its current task has been brought to the front\n');
  if (intent.options.has('-W')) {
    const startupMs = device.packages.get(result.record.packageName)?.app?.startupMs ?? 180;
    const total =
      Math.max(1, Math.round(performance.now() - started)) + (result.launchState === 'COLD' ? startupMs : 40);
    ctx.stdout(
      `Status: ok\nLaunchState: ${result.launchState}\nActivity: ${component}\nTotalTime: ${total}\nWaitTime: ${total + 3}\nComplete\n`,
    );
  }
  return 0;
}

function broadcast(ctx: CommandContext, intent: IntentArgs): number {
  const { device } = ctx;
  const foreground = intent.options.has('--receiver-foreground');
  const flags = intent.flags | FLAG_INCLUDE_BACKGROUND | (foreground ? FLAG_RECEIVER_FOREGROUND : 0);
  ctx.stdout(`Broadcasting: ${describeIntent(intent, flags)}\n`);
  device.broadcasts.send(
    {
      action: intent.action,
      packageName: intent.packageName,
      component: intent.component,
      extras: intent.extras,
      foreground,
    },
    (pkg) => {
      if (!device.packages.isInstalled(pkg)) return false;
      device.activities.ensureProcess(pkg);
      return true;
    },
  );
  ctx.stdout('Broadcast completed: result=0\n');
  return 0;
}

const am: ShellCommand = (ctx) => {
  const [verb, ...args] = ctx.args;
  const { device } = ctx;
  try {
    switch (verb) {
      case 'start':
      case 'start-activity':
        return start(ctx, parseIntentArgs(args));
      case 'broadcast':
        return broadcast(ctx, parseIntentArgs(args));
      case 'force-stop':
      case 'kill':
        for (const pkg of args.filter((a) => !a.startsWith('-'))) device.activities.forceStop(pkg);
        return 0;
      case 'get-current-user':
        ctx.stdout('0\n');
        return 0;
      case 'get-started-user-state':
        ctx.stdout(device.power.userUnlocked ? 'RUNNING_UNLOCKED\n' : 'RUNNING_LOCKED\n');
        return 0;
    }
  } catch (error) {
    if (!(error instanceof IntentArgsError)) throw error;
    ctx.stderr(`Error: ${error.message}\n`);
    return 1;
  }
  ctx.stderr(`Unknown command: ${verb ?? ''}\n`);
  return 255;
};

export const AM_COMMANDS: Record<string, ShellCommand> = { am };
