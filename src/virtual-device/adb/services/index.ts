import type { DeviceServices } from '../../services.js';
import type { ServiceStream } from '../service-stream.js';
import { quoteArg, runStreamedInstall, splitClientArgs } from './install.js';
import { runReverse } from './reverse.js';
import { parseShellService, runShell } from './shell.js';
import { runSync } from './sync.js';

/** A device service the adbd (or the host front end) agreed to open. */
export interface OpenedService {
  /** Shell-like output, which `stallShells()` holds back. */
  readonly isShell: boolean;
  run(stream: ServiceStream): Promise<void>;
}

const STREAMED_INSTALL = /^cmd package 'install'(?: (.*))?$/;

function exec(services: DeviceServices, command: string): OpenedService {
  const install = STREAMED_INSTALL.exec(command);
  if (install) {
    const args = splitClientArgs(install[1] ?? '');
    return { isShell: false, run: (stream) => runStreamedInstall(stream, services, args) };
  }
  return { isShell: true, run: (stream) => runShell(stream, services, { command, v2: false, pty: false }) };
}

/** `abb_exec:<service>\0<arg>\0...`: `package install` streams an APK; anything else is `cmd`. */
function abbExec(services: DeviceServices, request: string): OpenedService {
  const [service, ...args] = request.split('\0').filter((part) => part !== '');
  if (service === 'package' && args[0] === 'install') {
    return { isShell: false, run: (stream) => runStreamedInstall(stream, services, args.slice(1)) };
  }
  return exec(services, ['cmd', ...[service, ...args].map(quoteArg)].join(' '));
}

/**
 * Maps an adb service name onto the device. Undefined means refused: adbd
 * answers CLSE, and the real server (or our front end) tells the client `closed`.
 */
export function openService(name: string, services: DeviceServices): OpenedService | undefined {
  const service = name.replace(/\0+$/, '');
  const shell = parseShellService(service);
  if (shell) return { isShell: true, run: (stream) => runShell(stream, services, shell) };
  if (service.startsWith('exec:')) return exec(services, service.slice('exec:'.length));
  if (service === 'sync:') return { isShell: false, run: (stream) => runSync(stream, services.fs) };
  if (service.startsWith('abb_exec:')) return abbExec(services, service.slice('abb_exec:'.length));
  if (service.startsWith('reverse:')) {
    return { isShell: false, run: (stream) => runReverse(stream, service.slice('reverse:'.length)) };
  }
  return undefined;
}
