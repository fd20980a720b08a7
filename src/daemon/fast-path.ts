/**
 * The CLI's fast path to a running daemon: before the CLI loads its command
 * modules, a device command is handed to the daemon whole (`POST /cli` with
 * argv and cwd) and its output printed. This is what makes a fresh
 * `droidproof snapshot` cheap: the process loads only Node built-ins and this
 * file's few neighbours. Anything unusual (no daemon, not ours, another build,
 * an unknown command) returns `next` and the normal CLI takes over, applying
 * the full proxy policy (docs/daemon.md).
 */
import { sameBuild, type VersionInfo, versionInfo } from '../serve/build-identity.js';
import { askDaemon, ownedBy, readMetadata } from './metadata.js';
import { daemonPaths } from './paths.js';
import { type SocketAnswer, SocketRequestError, socketRequest } from './socket-client.js';

/** The CLI's execution and action commands (seed 003 "Transparent Proxy"), with their aliases. */
export const PROXIED_COMMANDS: ReadonlySet<string> = new Set([
  'exec',
  'snapshot',
  'snapshot-ui',
  'snapshot_ui',
  'screenshot',
  'take-screenshot',
  'take_screenshot',
  'capture-screenshot',
  'open',
  'close',
  'click',
  'tap',
  'type',
  'read',
  'read-value',
  'wait',
  'wait-for-nav',
  'press',
  'back',
  'sleep',
  'scroll',
  'scroll-until',
  'scroll-and-click',
  'swipe',
  'drag',
  'query',
]);

/** Flags that mean the command must not (or need not) reach the daemon. */
const LOCAL_FLAGS = new Set(['--no-daemon', '--help', '--validate-only', '--dry-run']);
/** Global flags that take a value and may precede the command word. */
const VALUE_GLOBALS = new Set(['--output', '--format']);

export type FastPathOutcome =
  | { kind: 'answered'; output: string; exitCode: number }
  /** Run the normal CLI. */
  | { kind: 'next' }
  /** Run the normal CLI directly: a read-only command whose daemon response was lost. */
  | { kind: 'direct' };

function flagValue(argv: readonly string[], names: readonly string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    for (const name of names) {
      if (arg === name) return argv[i + 1];
      if (arg.startsWith(`${name}=`)) return arg.slice(name.length + 1);
    }
  }
  return undefined;
}

function commandWord(argv: readonly string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') return undefined;
    if (!arg.startsWith('--')) return arg;
    if (VALUE_GLOBALS.has(arg)) i++;
  }
  return undefined;
}

function isVersionInfo(value: unknown): value is VersionInfo {
  const v = value as VersionInfo | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.version === 'string' &&
    typeof v.buildIdentity === 'object'
  );
}

export interface FastPathOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  home?: string;
  /** The CLI entry whose build the daemon must match; default this process's. */
  entry?: string;
}

export async function runViaDaemon(
  argv: readonly string[],
  options: FastPathOptions,
): Promise<FastPathOutcome> {
  const command = commandWord(argv);
  if (command === undefined || !PROXIED_COMMANDS.has(command)) return { kind: 'next' };
  if (options.env.DROIDPROOF_NO_DAEMON === '1' || process.platform === 'win32') return { kind: 'next' };
  if (argv.some((arg) => LOCAL_FLAGS.has(arg.split('=')[0]!))) return { kind: 'next' };
  const rawPort = flagValue(argv, ['--adb-port']);
  const paths = daemonPaths(
    {
      device: flagValue(argv, ['--device', '--device-id']),
      adbHost: flagValue(argv, ['--adb-host']),
      adbPort: rawPort === undefined ? undefined : Number(rawPort),
      dialect: flagValue(argv, ['--dialect']),
    },
    options.home,
  );
  const asked = await askDaemon(paths);
  if ('errno' in asked || !ownedBy(asked.self, await readMetadata(paths), paths.key)) return { kind: 'next' };
  const version = await socketRequest(paths.socket, 'GET', '/version', undefined, 3_000).catch(
    () => undefined,
  );
  if (!isVersionInfo(version?.body) || !sameBuild(version.body, versionInfo(options.entry)))
    return { kind: 'next' };

  // The caller's effective Operator package wins over the daemon's environment (seed 003).
  const envPackage = options.env.DROIDPROOF_OPERATOR_PACKAGE?.trim();
  const forwarded =
    envPackage && flagValue(argv, ['--operator-package']) === undefined
      ? [...argv, '--operator-package', envPackage]
      : [...argv];
  let answer: SocketAnswer;
  try {
    // The execution's own deadline bounds the command; this only catches a daemon that never answers.
    answer = await socketRequest(
      paths.socket,
      'POST',
      '/cli',
      { argv: forwarded, cwd: options.cwd },
      300_000,
    );
  } catch (error) {
    const dispatched = error instanceof SocketRequestError ? error.dispatched : true;
    if (!dispatched) return { kind: 'next' };
    if (command.startsWith('snapshot')) return { kind: 'direct' };
    const body = {
      code: 'DAEMON_PROXY_ERROR',
      message: 'Daemon response lost; action may have executed',
      details: { error: String(error) },
    };
    return { kind: 'answered', output: `${JSON.stringify(body)}\n`, exitCode: 1 };
  }
  const body = answer.body as { output?: unknown; exitCode?: unknown };
  if (answer.status !== 200 || typeof body.output !== 'string' || typeof body.exitCode !== 'number') {
    return { kind: 'next' };
  }
  return { kind: 'answered', output: body.output, exitCode: body.exitCode };
}
