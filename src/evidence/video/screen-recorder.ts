/**
 * Records a device's screen with Android's own `screenrecord`, over one adb
 * shell stream per segment. `screenrecord` stops by itself at 180 s, so each
 * segment asks for less (170 s) and the next starts when one ends: every
 * segment file is kept, with a gap of one adb round trip between them.
 * `--verbose` makes it print as soon as it records, which is the start
 * confirmation (or, when its output is buffered, `pidof` finding it); SIGINT (`pkill -INT screenrecord`) makes it finish the file
 * and exit, which ends the stream. The device is leased to one worker, so
 * every shell-user `screenrecord` on it is this recorder's.
 */
import { randomBytes } from 'node:crypto';
import type { Duplex } from 'node:stream';
import type { DeviceShell } from '../../actuator/adb/device-shell.js';
import { shellCommand } from '../../actuator/adb/shell-quote.js';
import { DroidproofError } from '../../contract/errors.js';
import { messageOf } from '../error-message.js';

export interface ScreenRecorderOptions {
  /** Each segment's `--time-limit` (1..180 s, default 170: restarted before Android's 3-minute limit). */
  segmentSeconds?: number;
  /** Device directory of the segment files (default `/data/local/tmp`). */
  deviceDir?: string;
  /** How long `screenrecord` may take to print that it records before `pidof` decides (default 2000 ms). */
  startTimeoutMs?: number;
  /** How long it may take to finish its file after SIGINT (default 15000 ms). */
  stopTimeoutMs?: number;
}

export const DEFAULT_SEGMENT_SECONDS = 170;

const VIDEO_DOCS = 'docs/evidence.md#video';

/**
 * The device cannot record its screen: no `screenrecord` (`missing`), or one
 * that fails or does not confirm recording (`unavailable`). Seed 003's video
 * dependency failure, with `details.capability: 'video-recording'`.
 */
export class VideoDependencyError extends DroidproofError {
  constructor(
    readonly reason: 'missing' | 'unavailable',
    output: string,
  ) {
    const requirement = 'Android screenrecord (API 19+) runnable by the adb shell user';
    super(
      'HOST_DEPENDENCY_MISSING',
      `video recording needs screenrecord on the device: ${reason}${output ? ` (${output.trim().slice(0, 500)})` : ''}`,
      {
        capability: 'video-recording',
        dependencies: [{ dependency: 'screenrecord', reason, requirement }],
        docsUrl: VIDEO_DOCS,
        hint: "Record on a device or emulator image that has /system/bin/screenrecord, or set video: 'off'.",
      },
    );
  }
}

interface Segment {
  path: string;
  /** Resolves when screenrecord confirmed it records; rejects when it did not. */
  started: Promise<void>;
  /** Resolves with everything it printed when its stream ends. */
  ended: Promise<string>;
  openedAtMs: number;
}

/**
 * Follows one segment's stream. The start is confirmed by its first output (`--verbose`), or, if
 * its output is held in a buffer, by `pidof screenrecord` finding it still running after
 * `startTimeoutMs`; a stream that ends first was a recorder that never ran.
 */
function watch(
  stream: Duplex,
  shell: DeviceShell,
  startTimeoutMs: number,
): Pick<Segment, 'started' | 'ended'> {
  const parts: Buffer[] = [];
  let confirm: () => void = () => {};
  let refuse: (error: Error) => void = () => {};
  const started = new Promise<void>((resolve, reject) => {
    confirm = resolve;
    refuse = reject;
  });
  const timer = setTimeout(async () => {
    const pids = await shell.exec('pidof screenrecord').catch(() => Buffer.alloc(0));
    if (/\d/.test(pids.toString('utf8'))) confirm();
    else refuse(new VideoDependencyError('unavailable', `not recording after ${startTimeoutMs} ms`));
  }, startTimeoutMs);
  const ended = new Promise<string>((resolve) => {
    const finish = () => {
      clearTimeout(timer);
      const output = Buffer.concat(parts).toString('utf8');
      const missing = /not found|inaccessible|No such file/i.test(output);
      refuse(new VideoDependencyError(missing ? 'missing' : 'unavailable', output));
      resolve(output);
    };
    stream.on('data', (chunk: Buffer) => {
      parts.push(chunk);
      // A missing program prints its error and exits; only a recorder keeps the stream open.
      if (!/not found|inaccessible|usage|error/i.test(Buffer.concat(parts).toString('utf8'))) {
        clearTimeout(timer);
        confirm();
      }
    });
    stream.once('end', finish);
    stream.once('close', finish);
    stream.once('error', finish);
  });
  started.catch(() => {});
  return { started, ended };
}

export class ScreenRecording {
  /** Device paths of the segments, in recording order. */
  readonly segments: string[] = [];
  /** What went wrong after the start (a segment that ended early, a stop that timed out). */
  readonly errors: DroidproofError[] = [];
  private current: Promise<Segment>;
  private stopping = false;
  private readonly done: Promise<void>;
  private readonly id = randomBytes(4).toString('hex');
  private readonly segmentSeconds: number;

  private constructor(
    private readonly shell: DeviceShell,
    private readonly options: ScreenRecorderOptions,
  ) {
    this.segmentSeconds = options.segmentSeconds ?? DEFAULT_SEGMENT_SECONDS;
    this.current = this.open();
    this.done = this.run();
  }

  /** Starts recording; rejects (VideoDependencyError) when the device does not confirm it records. */
  static async start(shell: DeviceShell, options: ScreenRecorderOptions = {}): Promise<ScreenRecording> {
    const recording = new ScreenRecording(shell, options);
    try {
      await (await recording.current).started;
    } catch (error) {
      recording.stopping = true;
      // A recorder that started too slowly to confirm may still be running: stop it and drop its file.
      await shell.exec('pkill -INT screenrecord').catch(() => undefined);
      await recording.remove();
      throw error instanceof DroidproofError
        ? error
        : new VideoDependencyError('unavailable', messageOf(error));
    }
    return recording;
  }

  private async open(): Promise<Segment> {
    const path = `${this.options.deviceDir ?? '/data/local/tmp'}/droidproof-video-${this.id}-${String(this.segments.length + 1).padStart(4, '0')}.mp4`;
    this.segments.push(path);
    const command = shellCommand('screenrecord', '--verbose', '--time-limit', String(this.segmentSeconds), {
      quoted: path,
    });
    const openedAtMs = performance.now();
    const stream = await this.shell.stream(command);
    return { path, openedAtMs, ...watch(stream, this.shell, this.options.startTimeoutMs ?? 2_000) };
  }

  /** Starts the next segment whenever one reaches its time limit, until stopped or a segment fails. */
  private async run(): Promise<void> {
    for (;;) {
      let segment: Segment;
      try {
        segment = await this.current;
      } catch (error) {
        this.errors.push(
          error instanceof DroidproofError
            ? error
            : new VideoDependencyError('unavailable', messageOf(error)),
        );
        return;
      }
      const output = await segment.ended;
      if (this.stopping) return;
      const ranMs = performance.now() - segment.openedAtMs;
      const confirmed = await segment.started.then(
        () => true,
        () => false,
      );
      // Only a segment that recorded up to its time limit is followed by another.
      if (!confirmed || ranMs < Math.max(0, this.segmentSeconds - 5) * 1000) {
        this.errors.push(
          new DroidproofError(
            'EVIDENCE_CAPTURE_FAILED',
            `screenrecord ended after ${Math.round(ranMs)} ms, before its time limit: ${output.trim().slice(0, 500)}`,
          ),
        );
        return;
      }
      this.current = this.open();
    }
  }

  /** Stops the recording (SIGINT) and waits for the last segment's file to be finished. */
  async stop(): Promise<string[]> {
    if (!this.stopping) {
      this.stopping = true;
      const segment = await this.current.catch(() => undefined);
      if (
        await segment?.started.then(
          () => true,
          () => false,
        )
      ) {
        await this.shell.exec('pkill -INT screenrecord').catch((error: unknown) => {
          this.errors.push(
            error instanceof DroidproofError
              ? error
              : new DroidproofError('EVIDENCE_CAPTURE_FAILED', messageOf(error)),
          );
        });
      }
    }
    const stopMs = this.options.stopTimeoutMs ?? 15_000;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), stopMs);
    });
    if ((await Promise.race([this.done, late])) === 'late') {
      this.errors.push(
        new DroidproofError(
          'COMMAND_TIMEOUT',
          `screenrecord did not finish its file within ${stopMs} ms of SIGINT`,
        ),
      );
    }
    clearTimeout(timer);
    return this.segments;
  }

  /** The segments' bytes in order (a segment that cannot be pulled is an error), then removes them from the device. */
  async pull(): Promise<{ clips: Buffer[]; errors: DroidproofError[] }> {
    const clips: Buffer[] = [];
    const errors = [...this.errors];
    for (const path of this.segments) {
      try {
        clips.push(await this.shell.pull(path));
      } catch (error) {
        errors.push(
          error instanceof DroidproofError
            ? error
            : new DroidproofError('EVIDENCE_CAPTURE_FAILED', messageOf(error)),
        );
      }
    }
    await this.remove();
    return { clips, errors };
  }

  /** Deletes the segment files from the device. */
  async remove(): Promise<void> {
    if (this.segments.length === 0) return;
    await this.shell
      .exec(shellCommand('rm', '-f', ...this.segments.map((quoted) => ({ quoted }))))
      .catch(() => undefined);
  }
}
