/**
 * `dumpsys` services with the lines clients grep: package (`versionName=`),
 * window (`mCurrentFocus`, `mFocusedApp`), activity (`mResumedActivity`,
 * `topResumedActivity`), power, display, input (`SurfaceOrientation`), battery.
 */
import type { VirtualAndroid } from '../../device.js';
import { shortComponent } from '../../system/activities.js';
import type { ShellCommand } from '../context.js';
import { dumpPackage } from './dumpsys-package.js';
import { identityHash as hash } from './identity-hash.js';

function dumpWindow(device: VirtualAndroid): string {
  const fg = device.activities.foreground();
  const { width, height } = device.display.size;
  const keyguard = device.power.keyguardLocked;
  const focus = keyguard
    ? `Window{${hash(1)} u0 NotificationShade}`
    : fg
      ? `Window{${hash(fg.token)} u0 ${fg.shortComponent}}`
      : 'null';
  const app = fg ? `ActivityRecord{${hash(fg.token + 1000)} u0 ${fg.shortComponent} t${fg.taskId}}` : 'null';
  return (
    'WINDOW MANAGER WINDOWS (dumpsys window windows)\n' +
    `  mCurrentFocus=${focus}\n  mFocusedApp=${app}\n` +
    `  mDisplayId=0 init=${device.display.physical.width}x${device.display.physical.height} ${device.display.physical.densityDpi}dpi cur=${width}x${height} app=${width}x${height - Math.round(72 * device.display.density)} rng=${Math.min(width, height)}x${Math.min(width, height)}-${Math.max(width, height)}x${Math.max(width, height)}\n` +
    `  mRotation=${device.display.rotation}\n` +
    `  mDreamingLockscreen=false\n  KeyguardControllerState:\n    mKeyguardShowing=${keyguard}\n    mAodShowing=false\n` +
    `  mScreenOnEarly=${device.power.screenOn} mScreenOnFully=${device.power.screenOn}\n`
  );
}

function dumpActivity(device: VirtualAndroid): string {
  const lines = [
    'ACTIVITY MANAGER ACTIVITIES (dumpsys activity activities)',
    'Display #0 (activities from top to bottom):',
  ];
  for (const task of device.activities.recentTasks()) {
    lines.push(
      `  * Task{${hash(task.id)} #${task.id} type=standard A=10000:${task.packageName} U=0 visible=true mode=fullscreen sz=${task.activities.length}}`,
    );
    for (const record of [...task.activities].reverse()) {
      lines.push(
        `    * Hist  #0: ActivityRecord{${hash(record.token + 1000)} u0 ${shortComponent(record.packageName, record.className)} t${task.id}}`,
      );
    }
  }
  const fg = device.activities.foreground();
  const resumed = fg
    ? `ActivityRecord{${hash(fg.token + 1000)} u0 ${fg.shortComponent} t${fg.taskId}}`
    : 'null';
  lines.push(
    `  ResumedActivity: ${resumed}`,
    `  mResumedActivity: ${resumed}`,
    `  topResumedActivity=${resumed}`,
  );
  lines.push(`  mLastPausedActivity: null`);
  return `${lines.join('\n')}\n`;
}

function dumpPower(device: VirtualAndroid): string {
  const on = device.power.screenOn;
  return (
    'POWER MANAGER (dumpsys power)\n' +
    `  mWakefulness=${on ? 'Awake' : 'Asleep'}\n  mWakefulnessChanging=false\n  mIsPowered=true\n` +
    `  mHoldingDisplaySuspendBlocker=${on}\n  mHoldingWakeLockSuspendBlocker=false\n` +
    `  mUserActivitySummary=0x${on ? 1 : 0}\n  mBootCompleted=${device.power.bootCompleted}\n` +
    `Display Power: state=${on ? 'ON' : 'OFF'}\n`
  );
}

function dumpDisplay(device: VirtualAndroid): string {
  const { width, height } = device.display.size;
  const on = device.power.screenOn;
  return (
    'DISPLAY MANAGER (dumpsys display)\n' +
    `  mOnlyCode=false\n  mScreenState=${on ? 'ON' : 'OFF'}\n  mCurrentOrientation=${device.display.rotation}\n` +
    `  DisplayDeviceInfo{"Built-in Screen": uniqueId="local:0", ${device.display.physical.width} x ${device.display.physical.height}, modeId 1, density ${device.display.densityDpi}, 60.0 fps}\n` +
    `  mBaseDisplayInfo=DisplayInfo{"Built-in Screen", displayId 0, real ${width} x ${height}, rotation ${device.display.rotation}, density ${device.display.densityDpi}, state ${on ? 'ON' : 'OFF'}}\n`
  );
}

function dumpInput(device: VirtualAndroid): string {
  const { width, height } = device.display.size;
  return (
    'INPUT MANAGER (dumpsys input)\n\nInput Reader State:\n  Device 1: virtio_input_multi_touch\n' +
    `    Touch Input Mapper (mode - DIRECT):\n      SurfaceWidth: ${width}px\n      SurfaceHeight: ${height}px\n` +
    `      SurfaceOrientation: ${device.display.rotation}\n` +
    `Input Dispatcher State:\n  FocusedApplications:\n    displayId=0, name='${device.activities.foreground()?.shortComponent ?? 'null'}'\n`
  );
}

const DUMPERS: Record<string, (device: VirtualAndroid, args: string[]) => string> = {
  package: (device, args) => dumpPackage(device, args[0] ?? ''),
  window: dumpWindow,
  activity: dumpActivity,
  power: dumpPower,
  display: dumpDisplay,
  input: dumpInput,
  battery: () =>
    'Current Battery Service state:\n  AC powered: true\n  status: 2\n  health: 2\n  present: true\n  level: 100\n  scale: 100\n',
  gfxinfo: (_device, args) =>
    `Applications Graphics Acceleration Info:\nUptime: 0 Realtime: 0\n\n** Graphics info for pid 0 [${args[0] ?? ''}] **\n\nTotal frames rendered: 0\nJanky frames: 0 (0.00%)\n`,
};

const dumpsys: ShellCommand = ({ args, device, stdout, stderr }) => {
  const [service, ...rest] = args;
  if (!service) {
    stdout(
      `Currently running services:\n${Object.keys(DUMPERS)
        .map((s) => `  ${s}\n`)
        .join('')}`,
    );
    return 0;
  }
  const dumper = DUMPERS[service];
  if (!dumper) {
    stderr(`Can't find service: ${service}\n`);
    return 0;
  }
  stdout(dumper(device, rest));
  return 0;
};

export const DUMPSYS_COMMANDS: Record<string, ShellCommand> = { dumpsys };
