/**
 * What a fresh device's `logcat -d` starts with: the boot of init, zygote and
 * system_server up to BOOT_COMPLETED, in the last seconds before the device
 * came up, from the processes `ps -A` lists.
 */
import { SYSTEM_PROCESSES, SYSTEM_SERVER_PID, ZYGOTE_PID } from '../system/processes.js';
import type { LogcatBuffer } from './buffer.js';
import type { LogPriority } from './entry.js';

type BootLine = [afterMs: number, pid: number, priority: LogPriority, tag: string, message: string];

const pidOf = (name: string) => SYSTEM_PROCESSES.find((p) => p.name === name)?.pid ?? SYSTEM_SERVER_PID;

/** How long before the device is handed out its boot started. */
const BOOT_SPAN_MS = 9_000;

function bootLines(fingerprint: string): BootLine[] {
  const ss = SYSTEM_SERVER_PID;
  return [
    [0, 1, 'I', 'init', 'init second stage started!'],
    [120, 1, 'I', 'init', "starting service 'logd'..."],
    [180, 1, 'I', 'init', "starting service 'servicemanager'..."],
    [420, 1, 'I', 'init', "starting service 'zygote'..."],
    [900, ZYGOTE_PID, 'I', 'Zygote', 'Preloading classes...'],
    [2100, ZYGOTE_PID, 'I', 'Zygote', '...preloaded 7606 classes in 1198ms.'],
    [2400, ZYGOTE_PID, 'I', 'Zygote', `System server process ${ss} has been created`],
    [2500, ss, 'I', 'SystemServer', 'Entered the Android system server!'],
    [2520, ss, 'I', 'SystemServer', `Build fingerprint: ${fingerprint}`],
    [2700, ss, 'I', 'SystemServiceManager', 'Starting com.android.server.pm.Installer'],
    [
      2900,
      ss,
      'I',
      'SystemServiceManager',
      'Starting com.android.server.am.ActivityManagerService$Lifecycle',
    ],
    [3300, ss, 'I', 'PackageManager', 'Finished scanning system apps. Time: 812 ms'],
    [4400, ss, 'I', 'SystemServiceManager', 'Starting com.android.server.wm.WindowManagerService$Lifecycle'],
    [5300, ss, 'I', 'ActivityManager', 'System now ready'],
    [
      5400,
      ss,
      'I',
      'ActivityManager',
      `Start proc ${pidOf('com.android.systemui')}:com.android.systemui/u0a133 for service {com.android.systemui/com.android.systemui.SystemUIService}`,
    ],
    [
      5900,
      ss,
      'I',
      'ActivityManager',
      `Start proc ${pidOf('com.android.phone')}:com.android.phone/1001 for added application com.android.phone`,
    ],
    [7200, ss, 'I', 'WindowManager', 'Display 0 is ready'],
    [7800, ss, 'I', 'ActivityManager', 'Finished processing BOOT_COMPLETED for u0'],
    [8000, ss, 'I', 'ActivityManager', 'Boot completed'],
  ];
}

/** Writes the boot lines, ending `BOOT_SPAN_MS` after `bootStartMs` (wall clock). */
export function writeBootLog(logcat: LogcatBuffer, bootStartMs: number, fingerprint: string): void {
  for (const [afterMs, pid, priority, tag, message] of bootLines(fingerprint)) {
    logcat.write({ timeMs: bootStartMs + afterMs, pid, priority, tag, message });
  }
}

/** The wall time a device created at `nowMs` booted at. */
export function bootStart(nowMs: number): number {
  return nowMs - BOOT_SPAN_MS;
}
