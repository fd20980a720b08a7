/**
 * The Operator-owned on-screen log panel (seed 003 "On-screen logs",
 * `operator_overlay_visible`). It is its own window: drawn on the screenshot
 * and present in the hierarchy as a second root.
 */
export interface OverlayState {
  packageName: string;
  lines: string[];
}

export class OverlayLayer {
  private value: OverlayState | undefined;

  constructor(private readonly onChange: () => void) {}

  get visible(): boolean {
    return this.value !== undefined;
  }

  get state(): OverlayState | undefined {
    return this.value && { ...this.value, lines: [...this.value.lines] };
  }

  show(packageName: string, lines: string[]): void {
    this.value = { packageName, lines: [...lines] };
    this.onChange();
  }

  clear(): void {
    if (!this.value) return;
    this.value = undefined;
    this.onChange();
  }
}
