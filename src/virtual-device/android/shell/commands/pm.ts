/** `pm` (and `cmd package`): list, path, install, uninstall, clear, grant/revoke, dump. */
import type { CommandContext, ShellCommand } from '../context.js';
import { dumpPackage } from './dumpsys-package.js';

async function readAll(stdin: AsyncIterable<Buffer>, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stdin) {
    chunks.push(chunk);
    size += chunk.length;
    if (size >= limit) break;
  }
  return Buffer.concat(chunks).subarray(0, limit);
}

const LIST_FLAGS = new Set([
  '-f',
  '-d',
  '-e',
  '-s',
  '-3',
  '-i',
  '-u',
  '-U',
  '-a',
  '-l',
  '--show-versioncode',
]);

/**
 * `pm list packages [-f] [-s|-3] [-i] [-U] [--show-versioncode] [FILTER]`:
 * `package:[<path>=]<name>[ versionCode:<n>][ installer=<pkg>][ uid:<n>]`.
 */
function listPackages(ctx: CommandContext, args: string[]): number {
  const flags = new Set<string>();
  let filter = '';
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--user') i++;
    else if (LIST_FLAGS.has(arg)) flags.add(arg);
    else if (arg.startsWith('-')) {
      ctx.stderr(`Error: Unknown option: ${arg}\n`);
      return 255;
    } else filter = arg;
  }
  for (const pkg of ctx.device.packages.list()) {
    if (!pkg.packageName.includes(filter)) continue;
    if ((flags.has('-3') && pkg.system) || (flags.has('-s') && !pkg.system) || flags.has('-d')) continue;
    let line = `package:${flags.has('-f') ? `${pkg.codePath}=` : ''}${pkg.packageName}`;
    if (flags.has('--show-versioncode')) line += ` versionCode:${pkg.versionCode}`;
    if (flags.has('-i')) line += `  installer=${pkg.installer ?? 'null'}`;
    if (flags.has('-U')) line += ` uid:${pkg.uid}`;
    ctx.stdout(`${line}\n`);
  }
  return 0;
}

async function install(ctx: CommandContext, args: string[]): Promise<number> {
  const sizeAt = args.indexOf('-S');
  let apk: Buffer | undefined;
  if (sizeAt >= 0) apk = await readAll(ctx.stdin, Number(args[sizeAt + 1]));
  else {
    const path = args.filter((a) => !a.startsWith('-')).pop();
    apk = path === undefined ? undefined : ctx.device.fs.read(path);
    if (!apk) {
      ctx.stderr(`Error: Unable to open file: ${path ?? ''}\nConsider using a file under /data/local/tmp/\n`);
      ctx.stdout("Error: Can't open file\n");
      return 1;
    }
  }
  const result = await ctx.device.install(apk, args);
  ctx.stdout(`${result.output}\n`);
  return result.ok ? 0 : 1;
}

function grant(ctx: CommandContext, verb: string, args: string[]): number {
  const [packageName, permission] = args.filter((a) => !a.startsWith('--user'));
  const pkg = packageName ? ctx.device.packages.get(packageName) : undefined;
  if (!pkg || !permission) {
    ctx.stderr(
      `Exception occurred while executing '${verb}':\njava.lang.IllegalArgumentException: Unknown package: ${packageName}\n`,
    );
    return 255;
  }
  if (verb === 'grant') pkg.grantedPermissions.add(permission);
  else pkg.grantedPermissions.delete(permission);
  return 0;
}

const pm: ShellCommand = async (ctx) => {
  const [verb, ...args] = ctx.args;
  const { device } = ctx;
  const target = args.filter((a) => !a.startsWith('-'))[0];
  switch (verb) {
    case 'list':
      if (args[0] === 'packages') return listPackages(ctx, args.slice(1));
      if (args[0] === 'features') {
        ctx.stdout(
          'feature:android.hardware.touchscreen\nfeature:android.hardware.wifi\nfeature:reqGlEsVersion=0x30000\n',
        );
        return 0;
      }
      break;
    case 'path': {
      const pkg = target ? device.packages.get(target) : undefined;
      if (!pkg) return 1;
      ctx.stdout(`package:${pkg.codePath}\n`);
      return 0;
    }
    case 'install':
      return install(ctx, args);
    case 'uninstall': {
      const pkg = target ? device.packages.get(target) : undefined;
      if (!pkg || pkg.system) {
        ctx.stdout('Failure [DELETE_FAILED_INTERNAL_ERROR]\n');
        return 1;
      }
      device.activities.clearData(pkg.packageName);
      device.notifications.cancelAll(pkg.packageName);
      device.packages.uninstall(pkg.packageName);
      ctx.stdout('Success\n');
      return 0;
    }
    case 'clear':
      if (!target || !device.packages.isInstalled(target)) {
        ctx.stdout('Failed\n');
        return 1;
      }
      device.activities.clearData(target);
      device.notifications.cancelAll(target);
      ctx.stdout('Success\n');
      return 0;
    case 'grant':
    case 'revoke':
      return grant(ctx, verb, args);
    case 'dump':
      if (target) ctx.stdout(dumpPackage(device, target));
      return 0;
  }
  ctx.stderr(`Unknown command: ${verb ?? ''}\n`);
  return 255;
};

export const PM_COMMANDS: Record<string, ShellCommand> = { pm };
