/**
 * `dumpsys` services with the lines clients grep: package (`versionName=`),
 * window (`mCurrentFocus`, `mFocusedApp`), activity (`activities`:
 * `mResumedActivity`, `topResumedActivity`; `top`), power (`mWakefulness=`,
 * `Display Power: state=`), input_method (`mInputShown=`), display, input
 * (`SurfaceOrientation`), battery, gfxinfo (`dumpsys-gfxinfo.ts`).
 */
import type { VirtualAndroid } from '../../device.js';
import type { ShellCommand } from '../context.js';
import { activityRecord, dumpActivities, dumpTopActivity } from './dumpsys-activity.js';
import { dumpGfxinfo } from './dumpsys-gfxinfo.js';
import { dumpPackage } from './dumpsys-package.js';
import { identityHash as hash } from './identity-hash.js';

function dumpWindow(device: VirtualAndroid): string {
  const fg = device.activities.foreground();
  const record = device.activities.foregroundRecord();
  const { width, height } = device.display.size;
  const keyguard = device.power.keyguardLocked;
  // A window is titled with the full component (`pkg/pkg.Cls`); records print the short one.
  const focus = keyguard
    ? `Window{${hash(1)} u0 NotificationShade}`
    : fg
      ? `Window{${hash(fg.token)} u0 ${fg.packageName}/${fg.className}}`
      : 'null';
  const app = record ? activityRecord(record) : 'null';
  return (
    'WINDOW MANAGER WINDOWS (dumpsys window windows)\n' +
    `  Window #0 Window{${hash(2)} u0 StatusBar}:\n    mDisplayId=0 rootTaskId=1 mSession=Session{${hash(3)} 1240:u0a10133}\n` +
    `  Window #1 Window{${hash(1)} u0 NotificationShade}:\n    mDisplayId=0 rootTaskId=1 isVisible=${keyguard}\n` +
    (fg && !keyguard
      ? `  Window #2 ${focus}:\n    mDisplayId=0 rootTaskId=${fg.taskId} mSession=Session{${hash(fg.token + 3)} ${device.activities.pidOf(fg.packageName) ?? 0}:u0a${device.packages.uidOf(fg.packageName) - 10_000}}\n`
      : '') +
    '\n' +
    `  mGlobalConfiguration={1.0 ?mcc?mnc [en_US] ldltr sw411dp w411dp h914dp 420dpi nrml long port finger -keyb/v/h -nav/h}\n` +
    `  mHasPermanentDpad=false\n  mTopFocusedDisplayId=0\n` +
    `  mCurrentFocus=${focus}\n  mFocusedApp=${app}\n` +
    `  mDisplayId=0 init=${device.display.physical.width}x${device.display.physical.height} ${device.display.physical.densityDpi}dpi cur=${width}x${height} app=${width}x${height - Math.round(72 * device.display.density)} rng=${Math.min(width, height)}x${Math.min(width, height)}-${Math.max(width, height)}x${Math.max(width, height)}\n` +
    `  mRotation=${device.display.rotation}\n` +
    `  mDreamingLockscreen=false\n  KeyguardControllerState:\n    mKeyguardShowing=${keyguard}\n    mAodShowing=false\n` +
    `  mScreenOnEarly=${device.power.screenOn} mScreenOnFully=${device.power.screenOn}\n`
  );
}

function dumpActivity(device: VirtualAndroid, args: string[]): string {
  if (args[0] === 'top') return dumpTopActivity(device);
  return dumpActivities(device);
}

function dumpPower(device: VirtualAndroid): string {
  const on = device.power.screenOn;
  return (
    'POWER MANAGER (dumpsys power)\n\nPower Manager State:\n' +
    `  mDirty=0x0\n  mWakefulness=${on ? 'Awake' : 'Asleep'}\n  mWakefulnessChanging=false\n` +
    `  mIsPowered=true\n  mPlugType=1\n  mBatteryLevel=100\n  mStayOn=false\n  mProximityPositive=false\n` +
    `  mBootCompleted=${device.power.bootCompleted}\n  mSystemReady=true\n` +
    `  mHoldingWakeLockSuspendBlocker=false\n  mHoldingDisplaySuspendBlocker=${on}\n` +
    `  mUserActivitySummary=0x${on ? 1 : 0}\n  mRequestWaitForNegativeProximity=false\n` +
    `  mSandmanScheduled=false\n  mIsVrModeEnabled=false\n\n` +
    `Display Power: state=${on ? 'ON' : 'OFF'}\n`
  );
}

/** The soft keyboard shows while a text field of the foreground activity has focus. */
function dumpInputMethod(device: VirtualAndroid): string {
  const record = device.activities.foregroundRecord();
  const shown = Boolean(record?.focusedKey) && device.power.screenOn && !device.power.keyguardLocked;
  const ime = 'com.android.inputmethod.latin/.LatinIME';
  return (
    'Current Input Method Manager state:\n' +
    `  Input Methods: mMethodMapUpdateCount=2 mBindInstantServiceAllowed=false\n` +
    `  InputMethod #0:\n    mId=${ime} mSettingsActivityName=com.android.inputmethod.latin.settings.SettingsActivity mIsVrOnly=false mSupportsSwitchingToNextInputMethod=false\n` +
    `  mCurMethodId=${ime}\n  mCurSeq=${device.ui.revision}\n  mCurTokenDisplayId=0\n` +
    `  mCurIntent=Intent { act=android.view.InputMethod cmp=${ime} }\n` +
    `  mCurFocusedWindow=${record ? `Window{${hash(record.token)} u0 ${record.packageName}/${record.className}}` : 'null'}\n` +
    `  mCurFocusedWindowSoftInputMode=STATE_UNSPECIFIED|ADJUST_RESIZE|IS_FORWARD_NAVIGATION\n` +
    `  mInputShown=${shown}\n  mShowRequested=${shown}\n  mShowExplicitlyRequested=false\n  mShowForced=false\n` +
    `  mInFullscreenMode=false\n  mSystemReady=true mInteractive=${device.power.screenOn}\n`
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
  input_method: dumpInputMethod,
  display: dumpDisplay,
  input: dumpInput,
  battery: () =>
    'Current Battery Service state:\n  AC powered: true\n  status: 2\n  health: 2\n  present: true\n  level: 100\n  scale: 100\n',
  gfxinfo: dumpGfxinfo,
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
