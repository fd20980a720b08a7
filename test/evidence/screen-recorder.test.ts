/**
 * The host's screenrecord driver against a virtual device behind the real
 * adb server: segments restart at their time limit and every one is kept,
 * SIGINT finishes the last, the files leave the device after the pull; a
 * device without screenrecord is HOST_DEPENDENCY_MISSING (capability
 * `video-recording`) and is not asked again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceShell } from '../../src/actuator/adb/device-shell.js';
import { AdbTransport } from '../../src/actuator/adb/transport.js';
import { inspectVideo } from '../../src/evidence/video/container.js';
import { ScreenRecording, VideoDependencyError } from '../../src/evidence/video/screen-recorder.js';
import { TestVideo } from '../../src/evidence/video/test-video.js';
import { type Harness, startHarness } from '../actuator/e2e/harness.js';

let harness: Harness;
let shell: DeviceShell;

beforeAll(async () => {
  harness = await startHarness();
  shell = new AdbTransport({ adbPort: harness.server.port }).device(harness.serial);
}, 60_000);
afterAll(() => harness?.stop());

/** The device shell with `screenrecord` renamed to a program the device does not have. */
function withoutScreenrecord(calls: string[]): DeviceShell {
  return {
    ...shell,
    stream: (command) => {
      calls.push(command);
      return shell.stream(command.replace('screenrecord', 'no-such-screenrecord'));
    },
  };
}

describe('screen recording over adb', () => {
  it('restarts segments at their time limit, keeps every one, and cleans the device after the pull', async () => {
    const recording = await ScreenRecording.start(shell, { segmentSeconds: 1 });
    await expect.poll(() => recording.segments.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    harness.vd.android.activities.start({ packageName: 'com.droidproof.login' });
    const segments = await recording.stop();
    const { clips, errors } = await recording.pull();
    expect(errors).toEqual([]);
    expect(clips).toHaveLength(segments.length);
    for (const clip of clips)
      expect(inspectVideo(clip)).toMatchObject({ container: 'apng', width: 1080, height: 2400 });
    const listing = (await shell.exec('ls /data/local/tmp')).toString('utf8');
    expect(listing).not.toContain('droidproof-video-');
  }, 30_000);

  it('confirms a recorder whose output is buffered by finding it with pidof', async () => {
    const silent: DeviceShell = { ...shell, stream: (command) => shell.stream(`${command} >/dev/null`) };
    const recording = await ScreenRecording.start(silent, { startTimeoutMs: 300 });
    await recording.stop();
    const { clips, errors } = await recording.pull();
    expect(errors).toEqual([]);
    expect(clips.map((clip) => inspectVideo(clip).container)).toEqual(['apng']);
  });

  it('types a device without screenrecord as HOST_DEPENDENCY_MISSING and does not ask it again', async () => {
    const calls: string[] = [];
    const failure = await ScreenRecording.start(withoutScreenrecord(calls)).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(VideoDependencyError);
    expect(failure).toMatchObject({
      code: 'HOST_DEPENDENCY_MISSING',
      reason: 'missing',
      details: {
        capability: 'video-recording',
        dependencies: [{ dependency: 'screenrecord', reason: 'missing' }],
      },
    });

    calls.length = 0;
    const video = new TestVideo(withoutScreenrecord(calls), 'on-failure');
    await video.begin();
    expect(await video.end(undefined, 'failed')).toBeUndefined();
    await video.begin();
    expect(calls).toHaveLength(1);
  }, 30_000);
});
