/**
 * Which adb server and device a CLI command talks to, when flags leave it
 * open: `--adb-port`, else `ANDROID_ADB_SERVER_PORT`, else the newest running
 * `droidproof virtual` (its run file), else 127.0.0.1:5037; `--device`, else
 * `ANDROID_SERIAL`. A port that a running farm published is droidproof's own
 * adb front end, which doctor then checks without requiring an adb binary.
 */
import type { AdbServerKind } from '../actuator/adb/server-address.js';
import { publishedFarms } from './farm-run-file.js';

export interface AdbTarget {
  adbHost?: string;
  adbPort?: number;
  adbServerKind: AdbServerKind;
  serial?: string;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);

function envPort(env: NodeJS.ProcessEnv): number | undefined {
  const port = Number(env.ANDROID_ADB_SERVER_PORT);
  return Number.isInteger(port) && port > 0 && port <= 65_535 ? port : undefined;
}

/** `given`: what the flags said (`--device`, `--adb-host`, `--adb-port`). */
export async function adbTarget(
  given: { serial?: string; adbHost?: string; adbPort?: number },
  env: NodeJS.ProcessEnv,
): Promise<AdbTarget> {
  const serial = given.serial ?? (env.ANDROID_SERIAL || undefined);
  const { adbHost } = given;
  const adbPort = given.adbPort ?? envPort(env);
  const farms = await publishedFarms(env);
  if (adbPort === undefined && adbHost === undefined && farms.length > 0) {
    const [newest] = farms;
    return { adbHost: newest.adbHost, adbPort: newest.adbPort, adbServerKind: 'droidproof', serial };
  }
  const host = adbHost ?? '127.0.0.1';
  const published = farms.some(
    (farm) => farm.adbPort === adbPort && (farm.adbHost === host || LOOPBACK.has(host)),
  );
  return { adbHost, adbPort, adbServerKind: published ? 'droidproof' : 'adb', serial };
}
