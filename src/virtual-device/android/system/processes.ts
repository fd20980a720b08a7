/**
 * The process table `ps -A` and `pidof` show: the native daemons and
 * system_server of an Android 14 image (fixed pids, as after every boot of
 * the same image) plus one process per running app from the ActivityManager.
 */

export interface ProcessInfo {
  pid: number;
  ppid: number;
  /** `root`, `system`, `shell`, or an app's `u0_a<n>`. */
  user: string;
  name: string;
  /** The whole command line, when it differs from `name`. */
  args?: string;
  /** Virtual and resident size in KiB. */
  vsz: number;
  rss: number;
  wchan: string;
}

/** zygote64's pid: the parent of system_server and of every app process. */
export const ZYGOTE_PID = 330;
/** system_server's pid (the logcat buffer's default writer). */
export const SYSTEM_SERVER_PID = 1000;

const native = (
  pid: number,
  ppid: number,
  user: string,
  name: string,
  vsz: number,
  rss: number,
  wchan: string,
) => ({
  pid,
  ppid,
  user,
  name,
  vsz,
  rss,
  wchan,
});

export const SYSTEM_PROCESSES: readonly ProcessInfo[] = [
  native(1, 0, 'root', 'init', 10_924_456, 11_820, 'do_epoll_wait'),
  native(2, 0, 'root', '[kthreadd]', 0, 0, 'kthreadd'),
  native(150, 1, 'root', 'ueventd', 10_814_084, 3_120, 'do_sys_poll'),
  native(260, 1, 'logd', 'logd', 10_938_432, 6_344, 'do_epoll_wait'),
  native(262, 1, 'system', 'servicemanager', 10_878_688, 4_420, 'do_epoll_wait'),
  native(263, 1, 'system', 'hwservicemanager', 10_895_156, 4_536, 'do_epoll_wait'),
  native(280, 1, 'root', 'vold', 10_985_448, 8_300, 'binder_wait_for_work'),
  native(ZYGOTE_PID, 1, 'root', 'zygote64', 14_631_292, 113_652, 'do_sys_poll'),
  native(360, 1, 'system', 'surfaceflinger', 11_365_904, 25_140, 'do_epoll_wait'),
  native(372, 1, 'audioserver', 'audioserver', 11_125_932, 16_112, 'binder_wait_for_work'),
  native(410, 1, 'shell', 'adbd', 10_984_308, 6_904, 'do_epoll_wait'),
  native(SYSTEM_SERVER_PID, ZYGOTE_PID, 'system', 'system_server', 18_993_004, 268_220, 'do_epoll_wait'),
  native(1180, ZYGOTE_PID, 'radio', 'com.android.phone', 16_210_384, 101_372, 'do_epoll_wait'),
  native(1240, ZYGOTE_PID, 'u0_a133', 'com.android.systemui', 17_501_944, 216_640, 'do_epoll_wait'),
  native(1320, ZYGOTE_PID, 'u0_a146', 'com.android.inputmethod.latin', 16_172_360, 96_224, 'do_epoll_wait'),
];

/** The user name of a uid: `system`, `shell`, or `u0_a<appId - 10000>`. */
export function userName(uid: number): string {
  if (uid === 1000) return 'system';
  if (uid === 2000) return 'shell';
  return uid >= 10_000 ? `u0_a${uid - 10_000}` : String(uid);
}
