/**
 * What the actuator needs from adb for one device: run a command and collect
 * its output, open a long-running command as a stream, or pull a file. `AdbTransport`
 * implements it over adbkit; tests may pass any other implementation.
 */
import type { Duplex } from 'node:stream';

export interface ShellCallOptions {
  /**
   * Deadline of the whole call (for `stream`, of opening it); on expiry the
   * connection is closed and the call fails with ADB_TIMEOUT. Default: the
   * transport's request deadline.
   */
  timeoutMs?: number;
}

export interface DeviceShell {
  readonly serial: string;
  /**
   * Runs `command` in the device shell (adbkit's plain `shell:` service:
   * stdout and stderr merged, no exit code) and resolves with all output.
   */
  exec(command: string, options?: ShellCallOptions): Promise<Buffer>;
  /** Opens `command` as a stream that ends when the command or the connection ends. */
  stream(command: string, options?: ShellCallOptions): Promise<Duplex>;
  /** `adb pull`: the bytes of a device file over the sync service; a missing file rejects. */
  pull(path: string, options?: ShellCallOptions): Promise<Buffer>;
}
