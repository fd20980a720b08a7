/**
 * `dumpsys activity activities` (tasks from top to bottom with their `Hist`
 * records, `mResumedActivity`, `topResumedActivity`, `ResumedActivity`) and
 * `dumpsys activity top` (`TASK ... ACTIVITY pkg/.Cls hash pid=N`), in
 * Android 14's layout.
 */
import type { VirtualAndroid } from '../../device.js';
import { type ActivityRecord, shortComponent } from '../../system/activities.js';
import { identityHash as hash } from './identity-hash.js';

export function activityRecord(
  record: Pick<ActivityRecord, 'token' | 'packageName' | 'className' | 'taskId'>,
): string {
  return `ActivityRecord{${hash(record.token + 1000)} u0 ${shortComponent(record.packageName, record.className)} t${record.taskId}}`;
}

export function dumpActivities(device: VirtualAndroid): string {
  const tasks = device.activities.recentTasks();
  const resumedRecord = device.activities.foregroundRecord();
  const resumed = resumedRecord ? activityRecord(resumedRecord) : 'null';
  const lines = [
    'ACTIVITY MANAGER ACTIVITIES (dumpsys activity activities)',
    'Display #0 (activities from top to bottom):',
  ];
  tasks.forEach((task, index) => {
    const uid = device.packages.uidOf(task.packageName);
    const top = task.activities[task.activities.length - 1];
    const visible = index === 0;
    lines.push(
      `  * Task{${hash(task.id)} #${task.id} type=${device.packages.get(task.packageName)?.app?.home ? 'home' : 'standard'} A=${uid}:${task.packageName} U=0 visible=${visible} visibleRequested=${visible} mode=fullscreen translucent=false sz=${task.activities.length}}`,
      `    mResumedActivity: ${visible && top ? activityRecord(top) : 'null'}`,
      `    isSleeping=${!device.power.screenOn}`,
    );
    [...task.activities].reverse().forEach((record, i) => {
      lines.push(`    * Hist  #${task.activities.length - 1 - i}: ${activityRecord(record)}`);
    });
  });
  lines.push(
    '',
    '  Resumed activities in task display areas (from top to bottom):',
    `    Resumed: ${resumed}`,
    '',
    `  ResumedActivity: ${resumed}`,
    `  topResumedActivity=${resumed}`,
  );
  return `${lines.join('\n')}\n`;
}

export function dumpTopActivity(device: VirtualAndroid): string {
  const record = device.activities.foregroundRecord();
  if (!record) return '';
  const uid = device.packages.uidOf(record.packageName);
  const pid = device.activities.pidOf(record.packageName) ?? 0;
  return (
    `TASK ${uid}:${record.packageName} id=${record.taskId} userId=0\n` +
    `  ACTIVITY ${shortComponent(record.packageName, record.className)} ${hash(record.token + 1000)} pid=${pid}\n` +
    `    Local Activity ${hash(record.token + 2000)} State:\n` +
    `      mResumed=${device.power.screenOn} mStopped=${!device.power.screenOn} mFinished=false\n` +
    `      mIsChangingConfigurations=false\n` +
    `      mCurrentConfig={1.0 ?mcc?mnc [en_US] ldltr sw411dp w411dp h914dp 420dpi nrml long port finger -keyb/v/h -nav/h winConfig={ mBounds=Rect(0, 0 - 1080, 2400)} s.1}\n` +
    `    ViewRoot:\n      mAdded=true mRemoved=false\n`
  );
}
