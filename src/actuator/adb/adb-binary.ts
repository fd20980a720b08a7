/**
 * Where the `adb` binary is, looked up the way Android tooling does: the `ADB`
 * variable, then `platform-tools/adb` under `ANDROID_HOME` or
 * `ANDROID_SDK_ROOT`, then `adb` on PATH. Also the install hint per host OS.
 */
import { accessSync, constants } from 'node:fs';
import { join } from 'node:path';

export interface AdbBinary {
  /** What to execute: a path, or `adb` for a PATH lookup. */
  bin: string;
  /** Where the choice came from, for the doctor's evidence. */
  from: 'ADB' | 'ANDROID_HOME' | 'ANDROID_SDK_ROOT' | 'PATH';
}

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export function locateAdb(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
  isExecutable: (path: string) => boolean = executable,
): AdbBinary {
  // An explicit ADB wins even when it is wrong: the check then reports that path, not a different adb.
  if (env.ADB) return { bin: env.ADB, from: 'ADB' };
  const name = platform === 'win32' ? 'adb.exe' : 'adb';
  for (const variable of ['ANDROID_HOME', 'ANDROID_SDK_ROOT'] as const) {
    const sdk = env[variable];
    if (!sdk) continue;
    const candidate = join(sdk, 'platform-tools', name);
    if (isExecutable(candidate)) return { bin: candidate, from: variable };
  }
  return { bin: 'adb', from: 'PATH' };
}

export interface AdbInstallHint {
  platform: 'linux' | 'mac' | 'win' | 'any';
  steps: { kind: 'shell' | 'manual'; value: string }[];
}

const PLATFORM_TOOLS_URL = 'https://developer.android.com/tools/releases/platform-tools';

/** How to install adb on this host OS. */
export function adbInstallHint(platform: NodeJS.Platform = process.platform): AdbInstallHint {
  const sdk = {
    kind: 'manual' as const,
    value: `Or unpack SDK Platform-Tools from ${PLATFORM_TOOLS_URL} and set ANDROID_HOME (or ADB=<path to adb>).`,
  };
  if (platform === 'linux') {
    return { platform: 'linux', steps: [{ kind: 'shell', value: 'sudo apt-get install -y adb' }, sdk] };
  }
  if (platform === 'darwin') {
    return {
      platform: 'mac',
      steps: [{ kind: 'shell', value: 'brew install --cask android-platform-tools' }, sdk],
    };
  }
  if (platform === 'win32') {
    return { platform: 'win', steps: [{ kind: 'shell', value: 'winget install Google.PlatformTools' }, sdk] };
  }
  return { platform: 'any', steps: [sdk] };
}
