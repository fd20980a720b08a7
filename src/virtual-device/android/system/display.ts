/**
 * The display: physical size and density, `wm size` / `wm density` overrides,
 * and rotation (0-3; 1 and 3 swap width and height, as `SurfaceOrientation`).
 */
export interface DisplaySpec {
  width: number;
  height: number;
  densityDpi: number;
}

export const DEFAULT_DISPLAY: DisplaySpec = { width: 1080, height: 2400, densityDpi: 420 };

export class Display {
  readonly physical: DisplaySpec;
  overrideSize: { width: number; height: number } | undefined;
  overrideDensity: number | undefined;
  private rotationValue = 0;

  constructor(
    spec: DisplaySpec,
    private readonly onChange: () => void,
  ) {
    this.physical = { ...spec };
  }

  get rotation(): number {
    return this.rotationValue;
  }

  set rotation(value: number) {
    this.rotationValue = ((Math.trunc(value) % 4) + 4) % 4;
    this.onChange();
  }

  get densityDpi(): number {
    return this.overrideDensity ?? this.physical.densityDpi;
  }

  /** Pixels per dp. */
  get density(): number {
    return this.densityDpi / 160;
  }

  /** Logical size in the current rotation. */
  get size(): { width: number; height: number } {
    const { width, height } = this.overrideSize ?? this.physical;
    return this.rotationValue % 2 === 1 ? { width: height, height: width } : { width, height };
  }

  setSize(size: { width: number; height: number } | undefined): void {
    this.overrideSize = size;
    this.onChange();
  }

  setDensity(dpi: number | undefined): void {
    this.overrideDensity = dpi;
    this.onChange();
  }
}
