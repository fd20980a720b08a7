/**
 * The frames of one `screenrecord` run: the rendered screen is checked at a
 * modest fixed rate and a frame is kept only when it changed. A screen of the
 * canvas size is kept as the renderer encoded it (its PNG image data); one of
 * another size (`--size`, a `wm size` change) is fitted into the canvas and
 * re-encoded. Bounded in frames and bytes: past either bound the last kept
 * frame simply lasts longer, as a real encoder's output does on an idle screen.
 */
import sharp from 'sharp';
import { type ApngFrame, encodeApng, type PngImage, pngImage } from './apng.js';

export interface RecordingLimits {
  /** How often the screen is checked for a change (host ms). */
  pollMs: number;
  maxFrames: number;
  /** Upper bound of the compressed frames held in memory. */
  maxBytes: number;
}

export const DEFAULT_RECORDING_LIMITS: RecordingLimits = {
  pollMs: 100,
  maxFrames: 600,
  maxBytes: 64 * 1024 * 1024,
};

interface Kept extends PngImage {
  atMs: number;
}

export class ScreenRecording {
  private readonly frames: Kept[] = [];
  private bytes = 0;
  private lastScreen: Buffer | undefined;
  private stopped = false;
  private readonly loop: Promise<void>;
  private wake: (() => void) | undefined;

  /**
   * @param screen the current screen as PNG; the same Buffer while the screen is unchanged
   * @param size the recording canvas (`--size`, default the display size)
   */
  constructor(
    private readonly screen: () => Promise<Buffer>,
    readonly size: { width: number; height: number },
    private readonly limits: RecordingLimits = DEFAULT_RECORDING_LIMITS,
  ) {
    this.loop = this.run();
  }

  get frameCount(): number {
    return this.frames.length;
  }

  /** Stops capturing (a capture in progress completes). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.loop;
  }

  /** Stops capturing and returns the animated PNG, ending on the screen as it is now. */
  async finish(): Promise<Buffer> {
    await this.stop();
    await this.capture();
    const end = performance.now();
    const frames: ApngFrame[] = this.frames.map((frame, i) => ({
      header: frame.header,
      data: frame.data,
      delayMs: (this.frames[i + 1]?.atMs ?? end) - frame.atMs,
    }));
    return encodeApng(frames);
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      await this.capture();
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.limits.pollMs);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  private async capture(): Promise<void> {
    if (this.frames.length >= this.limits.maxFrames || this.bytes >= this.limits.maxBytes) return;
    const atMs = performance.now();
    const png = await this.screen().catch(() => undefined);
    // The renderer hands out the same Buffer until the screen changes.
    if (!png || png === this.lastScreen) return;
    this.lastScreen = png;
    let image = pngImage(png);
    if (!this.fits(image)) image = pngImage(await this.fitted(png));
    // A frame that still cannot share the first one's header is left out rather than break the file.
    if (!this.fits(image)) return;
    this.frames.push({ ...image, atMs });
    this.bytes += image.data.byteLength;
  }

  /** The canvas size, and the first frame's encoding (every APNG frame shares one header). */
  private fits(image: PngImage): boolean {
    const first = this.frames[0]?.header;
    if (first) return image.header.equals(first);
    return (
      image.header.readUInt32BE(0) === this.size.width && image.header.readUInt32BE(4) === this.size.height
    );
  }

  private fitted(png: Buffer): Promise<Buffer> {
    const { width, height } = this.size;
    return sharp(png)
      .resize(width, height, { fit: 'contain', background: '#000000' })
      .ensureAlpha()
      .png({ compressionLevel: 1, adaptiveFiltering: false })
      .toBuffer();
  }
}
