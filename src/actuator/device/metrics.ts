/**
 * Performance reads over adb (`device.metrics`): frame statistics from
 * `dumpsys gfxinfo <pkg> framestats`, resetting them, and a cold start timed
 * by `am start -W` (its TotalTime: from the launch intent to the first frame
 * of the launched activity, as the ActivityManager measures it).
 */
import type { DeviceShell } from '../adb/device-shell.js';
import { shellCommand } from '../adb/shell-quote.js';
import { type FrameStats, type LaunchTiming, parseAmStartWait, parseFrameStats } from './gfxinfo.js';

export interface DeviceMetrics {
  /** Frame statistics of the app's windows (the last 120 frames HWUI keeps). */
  frames(applicationId: string): Promise<FrameStats>;
  /** Starts the app's frame statistics again (`dumpsys gfxinfo <pkg> reset`), before the interaction to measure. */
  resetFrames(applicationId: string): Promise<void>;
  /**
   * Force-stops the app, then launches its launcher activity and waits for its first frame
   * (`am start -W -S`): a cold start. The app's process state is lost, like after a force-stop.
   */
  coldStart(applicationId: string): Promise<LaunchTiming>;
}

export function deviceMetrics(shell: DeviceShell): DeviceMetrics {
  const run = async (...words: Array<string | { quoted: string }>) =>
    (await shell.exec(shellCommand(...words))).toString('utf8');
  return {
    async frames(applicationId) {
      return parseFrameStats(
        await run('dumpsys gfxinfo', { quoted: applicationId }, 'framestats'),
        applicationId,
      );
    },
    async resetFrames(applicationId) {
      await run('dumpsys gfxinfo', { quoted: applicationId }, 'reset');
    },
    async coldStart(applicationId) {
      return parseAmStartWait(
        await run('am start -W -S -a android.intent.action.MAIN -c android.intent.category.LAUNCHER', {
          quoted: applicationId,
        }),
      );
    },
  };
}
