/**
 * Per-test video for one device: `begin` starts recording an attempt, `end`
 * stops it and, when the mode keeps it, pulls the clips into the attempt's
 * bundle (or removes them from the device). Never throws and never changes a
 * verdict: a device that cannot record gets the error in the bundle, and is
 * not asked again once it proved it has no `screenrecord`.
 *
 *     const video = new TestVideo(shell, 'on-failure');
 *     await video.begin();                           // test attempt starts
 *     bundle = await video.end(bundle, 'failed');    // settled, bundle captured
 */
import type { DeviceShell } from '../../actuator/adb/device-shell.js';
import type { DroidproofError } from '../../contract/errors.js';
import type { CaptureResult } from '../capture.js';
import { messageOf } from '../error-message.js';
import type { VideoMode } from '../mode.js';
import { addVideoToBundle } from './bundle-video.js';
import { type ScreenRecorderOptions, ScreenRecording, VideoDependencyError } from './screen-recorder.js';

export class TestVideo {
  private recording: ScreenRecording | undefined;
  private startError: unknown;
  private startedMs = 0;
  /** Set once the device proved it cannot record (HOST_DEPENDENCY_MISSING: missing). */
  private unsupported: DroidproofError | undefined;
  /** The previous attempt's recording being stopped; the next one starts after it. */
  private previous: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly shell: DeviceShell,
    readonly mode: VideoMode,
    private readonly options: ScreenRecorderOptions = {},
  ) {}

  /** Whether a passing attempt needs a bundle to keep its video in. */
  get keepsPassing(): boolean {
    return this.mode === 'always';
  }

  /** Starts recording the attempt (after the previous attempt's recorder has ended). */
  async begin(): Promise<void> {
    await this.previous;
    this.startError = undefined;
    if (this.mode === 'off') return;
    this.startedMs = Date.now();
    if (this.unsupported) {
      this.startError = this.unsupported;
      return;
    }
    try {
      this.recording = await ScreenRecording.start(this.shell, this.options);
    } catch (error) {
      this.startError = error;
      if (error instanceof VideoDependencyError && error.reason === 'missing') this.unsupported = error;
    }
  }

  /**
   * Ends the attempt's recording. With a bundle and a mode that keeps this
   * verdict's video, the clips (or the start error) go into the bundle and
   * the updated bundle is returned; otherwise the bundle comes back as given.
   */
  async end(
    bundle: CaptureResult | undefined,
    verdict: 'passed' | 'failed',
  ): Promise<CaptureResult | undefined> {
    const { recording, startError } = this;
    this.recording = undefined;
    this.startError = undefined;
    const keep =
      bundle !== undefined &&
      (this.mode === 'always' || (this.mode === 'on-failure' && verdict === 'failed'));
    if (!keep) {
      await this.discard(recording);
      return bundle;
    }
    if (!recording && startError === undefined) return bundle;
    try {
      if (!recording)
        return await addVideoToBundle(bundle, { clips: [], errors: [startError], startedMs: this.startedMs });
      await recording.stop();
      return await addVideoToBundle(bundle, { ...(await recording.pull()), startedMs: this.startedMs });
    } catch (error) {
      return {
        ...bundle,
        ok: false,
        errors: [
          ...bundle.errors,
          { code: 'EVIDENCE_CAPTURE_FAILED', stage: 'video', message: messageOf(error), component: 'video' },
        ],
      };
    }
  }

  /** Drops a recording the attempt did not settle; the next `begin` waits until it is gone. */
  abandon(): void {
    const { recording } = this;
    this.recording = undefined;
    this.startError = undefined;
    if (recording) this.previous = this.discard(recording);
  }

  private async discard(recording: ScreenRecording | undefined): Promise<void> {
    if (!recording) return;
    await recording.stop();
    await recording.remove();
  }
}
