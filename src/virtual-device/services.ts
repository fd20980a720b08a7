/**
 * The seam between the adb wire protocols (`adb/`: adbd transport, host
 * front end) and the emulated Android inside a virtual device (`android/`).
 * The wire side turns adb services (`shell:`, `shell,v2,...:`, `exec:`,
 * `sync:`, `abb_exec:package install`) into calls on this interface; the
 * Android side answers them. Neither side knows how the other is built.
 */

/** Standard streams of one shell or exec service, as bytes. */
export interface ShellIo {
  stdout(chunk: Buffer | string): void;
  stderr(chunk: Buffer | string): void;
  /** Bytes the client sends to the process; ends when the client closes stdin. */
  readonly stdin: AsyncIterable<Buffer>;
  /** Aborted when the client closes the stream or the connection drops. */
  readonly signal: AbortSignal;
}

export interface FileStat {
  /** POSIX mode bits including the file type (0o100644 for a file, 0o40755 for a directory). */
  mode: number;
  size: number;
  /** Seconds since the epoch. */
  mtime: number;
}

export interface DirectoryEntry extends FileStat {
  name: string;
}

/** The device file system as `sync:` sees it (push, pull, ls, stat). */
export interface DeviceFileSystem {
  stat(path: string): FileStat | undefined;
  list(path: string): DirectoryEntry[] | undefined;
  read(path: string): Buffer | undefined;
  /** Throws an Error whose message is the sync FAIL text when the path cannot be written. */
  write(path: string, data: Buffer, mode: number, mtime: number): void;
}

export interface InstallResult {
  ok: boolean;
  /** What `pm install` prints: `Success` or `Failure [INSTALL_FAILED_...]`. */
  output: string;
}

/** What one virtual device offers to the adb services. */
export interface DeviceServices {
  readonly serial: string;
  /** Banner properties `ro.product.name`, `ro.product.model`, `ro.product.device`. */
  readonly product: { name: string; model: string; device: string };
  /** Runs a command line in the device shell; resolves with its exit code. */
  shell(commandLine: string, io: ShellIo): Promise<number>;
  readonly fs: DeviceFileSystem;
  /** `adb install` (abb_exec `package install` and the legacy `pm install` of a pushed file). */
  install(apk: Buffer, args: readonly string[]): Promise<InstallResult>;
  /** How often the shell ran each program since boot (`am`, `pm`, ...), for work counters. */
  programRuns?(): ReadonlyMap<string, number>;
}
