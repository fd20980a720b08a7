/** Where the adb server listens: explicit options, else `ANDROID_ADB_SERVER_PORT`, else 127.0.0.1:5037. */
export interface AdbServerAddress {
  host: string;
  port: number;
}

export const DEFAULT_ADB_PORT = 5037;

export function resolveAdbServer(
  options: { adbHost?: string; adbPort?: number } = {},
  env: NodeJS.ProcessEnv = process.env,
): AdbServerAddress {
  const envPort = Number.parseInt(env.ANDROID_ADB_SERVER_PORT ?? '', 10);
  const port = options.adbPort ?? (Number.isInteger(envPort) && envPort > 0 ? envPort : DEFAULT_ADB_PORT);
  return { host: options.adbHost ?? '127.0.0.1', port };
}

/**
 * Who answers at that address: a real adb server, or droidproof's own adb
 * front end (the virtual farm), which needs no adb binary on the host.
 */
export type AdbServerKind = 'adb' | 'droidproof';
