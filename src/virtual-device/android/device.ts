/**
 * One emulated Android: the system services wired together behind the
 * `DeviceServices` seam that the adb wire layer calls.
 */
import type { DeviceServices, InstallResult, ShellIo } from '../services.js';
import type { AppDefinition } from './app/types.js';
import { bootStart, writeBootLog } from './logcat/boot-log.js';
import { LogcatBuffer, type LogWrite } from './logcat/buffer.js';
import type { LogEntry } from './logcat/entry.js';
import { ScreenRenderer } from './render/screencap.js';
import { runShell } from './shell/interpreter.js';
import { ActivityManager } from './system/activities.js';
import { BroadcastDispatcher } from './system/broadcasts.js';
import { type ClockOptions, VirtualClock } from './system/clock.js';
import { DEFAULT_DISPLAY, Display, type DisplaySpec } from './system/display.js';
import { MemoryFileSystem } from './system/fs.js';
import { MediaSessionManager } from './system/media.js';
import { NotificationManager } from './system/notifications.js';
import { OverlayLayer } from './system/overlay.js';
import { PackageManager, type PackageSpec } from './system/packages.js';
import { PeerChannel, type PeerLink } from './system/peers.js';
import { PowerManager } from './system/power.js';
import { SystemProperties } from './system/props.js';
import { SettingsStore } from './system/settings.js';
import { ShellProcesses } from './system/shell-processes.js';
import { ToastManager } from './system/toasts.js';
import { SYSTEM_APP_IMAGE, SYSTEM_APPS, SYSTEM_PACKAGES } from './system-image/index.js';
import { UiController } from './ui/controller.js';

export interface VirtualAndroidOptions {
  /** adb serial, e.g. `virtual-5554`. */
  serial: string;
  /** Third-party app models to install (the test apps, for example). */
  apps?: AppDefinition[];
  /**
   * Boot with the system image: launcher, Settings, browser, SystemUI and the
   * system packages (default true). Without it the device has only `apps`.
   */
  systemImage?: boolean;
  /** UI-less packages to install (the Operator's, for example). */
  packages?: PackageSpec[];
  display?: Partial<DisplaySpec>;
  clock?: ClockOptions;
  /** `ro.build.version.sdk` (default 34) and `ro.product.model`. */
  sdk?: number;
  model?: string;
  /** The farm's channel between devices (`ctx.sendToPeers`); default: a channel of this device alone. */
  peers?: PeerChannel;
}

/** Simulated reboot timing. */
export interface RebootOptions {
  /** Elapsed ms until `sys.boot_completed` becomes 1 (default 0: at once). */
  bootDelayMs?: number;
}

export class VirtualAndroid implements DeviceServices {
  readonly serial: string;
  readonly product: { name: string; model: string; device: string };
  readonly clock: VirtualClock;
  readonly props: SystemProperties;
  readonly settings = new SettingsStore();
  readonly display: Display;
  readonly power = new PowerManager();
  readonly logcat: LogcatBuffer;
  readonly fs: MemoryFileSystem;
  readonly packages: PackageManager;
  readonly notifications: NotificationManager;
  readonly media: MediaSessionManager;
  readonly broadcasts = new BroadcastDispatcher();
  readonly toasts: ToastManager;
  readonly overlay: OverlayLayer;
  private readonly peerLink: PeerLink;
  readonly activities: ActivityManager;
  readonly ui: UiController;
  /** Programs the shell runs in the foreground of a stream (`screenrecord`), signalled by `kill`/`pkill`. */
  readonly shellProcesses = new ShellProcesses();
  /** `input` commands and key events received, for assertions (most recent last). */
  readonly inputLog: string[] = [];
  private readonly renderer: ScreenRenderer;

  constructor(options: VirtualAndroidOptions) {
    this.serial = options.serial;
    this.clock = new VirtualClock(options.clock);
    this.props = new SystemProperties({ serial: options.serial, sdk: options.sdk, model: options.model });
    this.product = {
      name: this.props.get('ro.product.name') ?? '',
      model: this.props.get('ro.product.model') ?? '',
      device: this.props.get('ro.product.device') ?? '',
    };
    const invalidate = () => this.ui?.invalidate();
    this.display = new Display({ ...DEFAULT_DISPLAY, ...options.display }, invalidate);
    this.logcat = new LogcatBuffer(this.clock);
    const systemImage = options.systemImage ?? true;
    if (systemImage)
      writeBootLog(
        this.logcat,
        bootStart(this.clock.wallTime()),
        this.props.get('ro.build.fingerprint') ?? '',
      );
    this.fs = new MemoryFileSystem(() => this.clock.wallTime());
    this.packages = new PackageManager({
      now: () => this.clock.wallTime(),
      sdk: Number(this.props.get('ro.build.version.sdk')),
    });
    this.notifications = new NotificationManager(
      () => this.clock.wallTime(),
      (pkg) => this.packages.uidOf(pkg),
    );
    this.media = new MediaSessionManager(this.clock);
    this.toasts = new ToastManager(this.clock, invalidate);
    this.overlay = new OverlayLayer(invalidate);
    this.activities = new ActivityManager(
      this.packages,
      {
        clock: this.clock,
        logcat: this.logcat,
        notifications: this.notifications,
        media: this.media,
        toast: (pkg, text, long) => this.toasts.show(pkg, text, long),
        navigate: (pkg, screen, params) => this.activities.navigate(pkg, screen, params),
        finish: (token) => this.activities.finish(token),
        startApp: (pkg) => this.activities.start({ packageName: pkg }),
        sendToPeers: (pkg, body) => this.peerLink.send(pkg, body),
        invalidate,
      },
      (pkg) => {
        this.media.releaseAll(pkg);
        this.notifications.cancelAll(pkg);
        this.log(
          'ActivityManager',
          `Force stopping ${pkg} appid=${this.packages.uidOf(pkg)} user=0: from pid 0`,
        );
      },
    );
    this.ui = new UiController(
      { display: this.display, activities: this.activities, power: this.power, overlay: this.overlay },
      this.activities,
      this.power,
      this.display,
    );
    this.power.subscribe(() => {
      this.props.set('sys.boot_completed', this.power.bootCompleted ? '1' : '0');
      this.props.set('dev.bootcomplete', this.power.bootCompleted ? '1' : '0');
      invalidate();
    });
    this.renderer = new ScreenRenderer(this);
    if (systemImage) {
      for (const spec of SYSTEM_PACKAGES) this.packages.install(spec);
      for (const app of SYSTEM_APPS) this.installApp(app, SYSTEM_APP_IMAGE[app.packageName]);
    }
    for (const spec of options.packages ?? []) this.packages.install(spec);
    for (const app of options.apps ?? []) this.installApp(app);
    this.activities.goHome();
    this.peerLink = (options.peers ?? new PeerChannel()).join(this.serial, (message) =>
      this.clock.schedule(0, () => {
        const receive = this.packages.get(message.packageName)?.app?.onPeerMessage;
        if (receive) this.activities.runInApp(message.packageName, (ctx) => receive(ctx, message));
      }),
    );
  }

  /** Installs an app model; with an `image` entry it is part of the system image. */
  private installApp(app: AppDefinition, image?: { codePath: string; uid?: number }): void {
    this.packages.install(
      {
        packageName: app.packageName,
        versionName: app.versionName,
        versionCode: app.versionCode,
        label: app.label,
        system: image !== undefined || (app.home ?? false),
        codePath: image?.codePath,
        uid: image?.uid,
      },
      app,
    );
  }

  /** Writes a logcat line; without a pid it is logged by system_server (pid 1000). */
  log(tag: string, message: string, priority: LogWrite['priority'] = 'I', pid?: number): LogEntry {
    return this.logcat.write({ tag, message, priority, pid });
  }

  /** Programs the shell ran since boot, by name (what `DeviceWork.programs` reports). */
  readonly programCounts = new Map<string, number>();

  programRuns(): ReadonlyMap<string, number> {
    return this.programCounts;
  }

  /** Runs a command line in the device shell. */
  shell(commandLine: string, io: ShellIo): Promise<number> {
    return runShell(this, commandLine, io);
  }

  async install(apk: Buffer, args: readonly string[]): Promise<InstallResult> {
    const result = this.packages.installApk(apk, args);
    if (result.ok && result.packageName) this.activities.forceStop(result.packageName);
    return { ok: result.ok, output: result.output };
  }

  /** The current screen as PNG bytes at the display size (cached until the screen changes). */
  screencap(): Promise<Buffer> {
    return this.renderer.png();
  }

  /**
   * Simulates a reboot: every app process dies, the keyguard locks and the
   * user stays locked until the first unlock (seed 001); boot completes after
   * `bootDelayMs` of device time.
   */
  reboot(options: RebootOptions = {}): void {
    for (const task of [...this.activities.recentTasks()]) this.activities.forceStop(task.packageName);
    this.power.reboot();
    this.clock.schedule(options.bootDelayMs ?? 0, () => {
      this.power.completeBoot();
      this.activities.goHome();
    });
  }

  /** Stops timers and leaves the farm's channel; the device must not be used afterwards. */
  dispose(): void {
    this.peerLink.leave();
    this.clock.dispose();
  }
}

/** Creates a virtual Android with the given apps and packages, showing its home screen. */
export function createVirtualAndroid(options: VirtualAndroidOptions): VirtualAndroid {
  return new VirtualAndroid(options);
}
