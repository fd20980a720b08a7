/**
 * ActivityManager: processes, tasks with a back stack each, the foreground
 * task, starts by component / launch intent / URI, back and home, force-stop
 * and data clearing.
 *
 * Activity class names come from screen names: screen `main` of
 * `com.x` is `com.x.MainActivity` (`com.x/.MainActivity`).
 */
import { AppProcess, type ProcessHost } from '../app/process.js';
import type { AnyState, AppContext, AppDefinition, DeepLink } from '../app/types.js';
import type { PackageManager } from './packages.js';

export interface ActivityRecord {
  token: number;
  packageName: string;
  screen: string;
  /** Fully qualified class name. */
  className: string;
  params: Record<string, string>;
  taskId: number;
  /** Per-activity view state: scroll offsets and unbound field text by view key, focus. */
  scrollOffsets: Map<string, number>;
  fieldText: Map<string, string>;
  focusedKey: string | undefined;
}

export interface Task {
  id: number;
  packageName: string;
  activities: ActivityRecord[];
}

export interface StartRequest {
  /** `pkg/.Activity` or `pkg/full.class.Name`. */
  component?: string;
  /** Launch the package's main activity (launcher intent). */
  packageName?: string;
  /** A VIEW URI routed by the apps' deep links. */
  data?: string;
  action?: string;
}

export type StartResult =
  | { ok: true; record: ActivityRecord; launchState: 'COLD' | 'WARM' | 'HOT'; broughtToFront: boolean }
  | { ok: false; error: string };

export interface ForegroundActivity {
  packageName: string;
  className: string;
  /** `pkg/.Short` when the class is inside the package, as Android prints components. */
  shortComponent: string;
  taskId: number;
  token: number;
}

export function activityClassName(packageName: string, screen: string): string {
  return `${packageName}.${screen.charAt(0).toUpperCase()}${screen.slice(1)}Activity`;
}

/** The class of an app's screen: the one it declares, else `.<Screen>Activity`. */
function screenClassName(app: AppDefinition, screen: string): string {
  return app.activityNames?.[screen] ?? activityClassName(app.packageName, screen);
}

export function shortComponent(packageName: string, className: string): string {
  const short = className.startsWith(`${packageName}.`) ? className.slice(packageName.length) : className;
  return `${packageName}/${short}`;
}

export class ActivityManager {
  private readonly tasks: Task[] = [];
  private readonly apps = new Map<string, AppProcess>();
  private readonly pids = new Map<string, number>();
  /** Persistent state of stopped apps, until `pm clear`. */
  private readonly saved = new Map<string, unknown>();
  private nextPid = 2100;
  private nextToken = 1;
  private nextTaskId = 100;

  constructor(
    private readonly packages: PackageManager,
    private readonly host: ProcessHost,
    private readonly onProcessDeath: (packageName: string) => void,
  ) {}

  /** The task on top, or undefined when nothing (not even a home app) runs. */
  foregroundTask(): Task | undefined {
    return this.tasks[0];
  }

  foregroundRecord(): ActivityRecord | undefined {
    const task = this.foregroundTask();
    return task?.activities[task.activities.length - 1];
  }

  foreground(): ForegroundActivity | undefined {
    const record = this.foregroundRecord();
    if (!record) return undefined;
    return {
      packageName: record.packageName,
      className: record.className,
      shortComponent: shortComponent(record.packageName, record.className),
      taskId: record.taskId,
      token: record.token,
    };
  }

  /** Tasks from most to least recent (the recents list). */
  recentTasks(): readonly Task[] {
    return this.tasks;
  }

  /** The running app of a package (its model and state). */
  app(packageName: string): AppProcess | undefined {
    return this.apps.get(packageName);
  }

  pidOf(packageName: string): number | undefined {
    return this.pids.get(packageName);
  }

  /** Running app processes (package and pid), oldest first. */
  processes(): Array<{ packageName: string; pid: number }> {
    return [...this.pids].map(([packageName, pid]) => ({ packageName, pid }));
  }

  /** Starts the process of any installed package (a UI-less one such as the Operator) and returns its pid. */
  ensureProcess(packageName: string): number {
    const existing = this.pids.get(packageName);
    if (existing !== undefined) return existing;
    const pid = this.nextPid++;
    this.pids.set(packageName, pid);
    const uid = this.packages.uidOf(packageName);
    this.host.logcat.write({
      tag: 'ActivityManager',
      message: `Start proc ${pid}:${packageName}/${uid >= 10_000 ? `u0a${uid - 10_000}` : uid} for ${this.packages.get(packageName)?.app ? 'top-activity' : 'service'} {${packageName}}`,
    });
    const app = this.packages.get(packageName)?.app;
    if (app)
      this.apps.set(
        packageName,
        new AppProcess(app, pid, this.host, (this.saved.get(packageName) ?? {}) as object),
      );
    return pid;
  }

  /**
   * Runs a handler of an installed app in its top activity, starting its
   * process in the background when it is not running (a push message).
   */
  runInApp(packageName: string, fn: (ctx: AppContext<AnyState>) => void): void {
    if (!this.packages.get(packageName)?.app) return;
    this.ensureProcess(packageName);
    const task = this.tasks.find((t) => t.packageName === packageName);
    const top = task?.activities[task.activities.length - 1];
    this.apps.get(packageName)?.run(top ?? { token: 0, params: {} }, fn);
  }

  /** Apps with a launcher entry, for the home screen. */
  launchableApps(): Array<{ packageName: string; label: string }> {
    return this.packages.launchable().map((p) => ({ packageName: p.packageName, label: p.label }));
  }

  /** Shows the home app, starting it if needed; the last installed home app is the default launcher. */
  goHome(): void {
    const home = this.packages
      .list()
      .filter((p) => p.app?.home)
      .pop();
    if (home) this.start({ packageName: home.packageName });
  }

  start(request: StartRequest): StartResult {
    const target = this.resolve(request);
    if ('error' in target) return { ok: false, error: target.error };
    const { app, screen, params } = target;
    const cold = !this.pids.has(app.packageName);
    this.ensureProcess(app.packageName);
    let task = this.tasks.find((t) => t.packageName === app.packageName);
    const top = task?.activities[task.activities.length - 1];
    // A launcher intent to a running task only brings it to the front, as on Android.
    const bringToFront = task !== undefined && (request.packageName !== undefined || top?.screen === screen);
    if (task && bringToFront && top) {
      this.moveToFront(task);
      this.host.invalidate();
      return { ok: true, record: top, launchState: 'HOT', broughtToFront: true };
    }
    if (!task) {
      task = { id: this.nextTaskId++, packageName: app.packageName, activities: [] };
      this.tasks.unshift(task);
    } else this.moveToFront(task);
    const record = this.push(task, app, screen, params);
    if (target.onOpen) {
      const onOpen = target.onOpen;
      this.apps.get(app.packageName)?.run(record, (ctx) => onOpen(ctx, request.data ?? ''));
    }
    return { ok: true, record, launchState: cold ? 'COLD' : 'WARM', broughtToFront: false };
  }

  /** Starts `screen` of a package on top of its task (an app navigating). */
  navigate(packageName: string, screen: string, params: Record<string, string>): void {
    const app = this.packages.get(packageName)?.app;
    const task = this.tasks.find((t) => t.packageName === packageName);
    if (!app || !task || !app.screens[screen]) return;
    this.moveToFront(task);
    this.push(task, app, screen, params);
  }

  /** Finishes one activity; an emptied task disappears and the next task (or home) shows. */
  finish(token: number): void {
    const task = this.tasks.find((t) => t.activities.some((a) => a.token === token));
    if (!task) return;
    task.activities = task.activities.filter((a) => a.token !== token);
    if (task.activities.length === 0) this.tasks.splice(this.tasks.indexOf(task), 1);
    if (this.tasks.length === 0) this.goHome();
    this.host.invalidate();
  }

  /** The back key: finishes the top activity unless it is the home screen. */
  back(): void {
    const record = this.foregroundRecord();
    if (!record || this.packages.get(record.packageName)?.app?.home) return;
    this.finish(record.token);
    if (this.foregroundTask()?.packageName !== record.packageName) this.goHome();
  }

  /** `am force-stop`: kills the process and removes its tasks. */
  forceStop(packageName: string): void {
    const app = this.apps.get(packageName);
    if (app) this.saved.set(packageName, app.persistentState());
    app?.kill();
    this.apps.delete(packageName);
    const hadPid = this.pids.delete(packageName);
    const before = this.tasks.length;
    for (let i = this.tasks.length - 1; i >= 0; i--)
      if (this.tasks[i].packageName === packageName) this.tasks.splice(i, 1);
    if (before !== this.tasks.length && this.tasks.length === 0) this.goHome();
    if (hadPid) this.onProcessDeath(packageName);
    this.host.invalidate();
  }

  /** `pm clear`: force-stop and forget the persistent state. */
  clearData(packageName: string): void {
    this.forceStop(packageName);
    this.saved.delete(packageName);
  }

  private moveToFront(task: Task): void {
    this.tasks.splice(this.tasks.indexOf(task), 1);
    this.tasks.unshift(task);
  }

  private push(
    task: Task,
    app: AppDefinition,
    screen: string,
    params: Record<string, string>,
  ): ActivityRecord {
    const record: ActivityRecord = {
      token: this.nextToken++,
      packageName: app.packageName,
      screen,
      className: screenClassName(app, screen),
      params,
      taskId: task.id,
      scrollOffsets: new Map(),
      fieldText: new Map(),
      focusedKey: undefined,
    };
    task.activities.push(record);
    const process = this.apps.get(app.packageName);
    // The new window's first frame (HWUI flags it WindowLayoutChanged).
    process?.frames.record(1);
    const onStart = app.onScreenStart;
    if (process && onStart) process.run(record, (ctx) => onStart(ctx, screen));
    else this.host.invalidate();
    return record;
  }

  private resolve(request: StartRequest):
    | {
        app: AppDefinition;
        screen: string;
        params: Record<string, string>;
        onOpen?: DeepLink<unknown>['onOpen'];
      }
    | { error: string } {
    if (request.component) {
      const [pkg, cls = ''] = request.component.split('/');
      const app = this.packages.get(pkg)?.app;
      const className = cls.startsWith('.') ? pkg + cls : cls;
      const screen = app && Object.keys(app.screens).find((s) => screenClassName(app, s) === className);
      if (!app || !screen) return { error: `Activity class {${pkg}/${className}} does not exist.` };
      return { app, screen, params: {} };
    }
    if (request.data) {
      for (const pkg of this.packages.list()) {
        const link = pkg.app?.deepLinks?.find((l) => request.data?.startsWith(l.prefix));
        if (pkg.app && link)
          return { app: pkg.app, screen: link.screen, params: { uri: request.data }, onOpen: link.onOpen };
      }
      return {
        error: `Activity not started, unable to resolve Intent { act=${request.action ?? 'android.intent.action.VIEW'} dat=${request.data} flg=0x10000000 }`,
      };
    }
    const action = request.action;
    if (!request.packageName && action && action !== 'android.intent.action.MAIN') {
      for (const pkg of this.packages.list()) {
        const target = pkg.app?.actions?.[action];
        if (pkg.app && target) return { app: pkg.app, screen: target.screen, params: { ...target.params } };
      }
      return { error: `Activity not started, unable to resolve Intent { act=${action} flg=0x10000000 }` };
    }
    const app = request.packageName ? this.packages.get(request.packageName)?.app : undefined;
    if (!app?.screens.main)
      return { error: `Activity not started, unable to resolve Intent { pkg=${request.packageName} }` };
    return { app, screen: 'main', params: {} };
  }
}
