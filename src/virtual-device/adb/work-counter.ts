/**
 * What a client made one virtual device do, counted so that benches and tests
 * can hold the host to a budget of device work per call (on a real phone each
 * adb command costs a round trip and each shell process tens of milliseconds).
 * Counts are deterministic: the same calls give the same numbers.
 */

/** How many recent service names are kept to show what an unexpected call was. */
const RECENT = 50;

/** A snapshot of the counts since the device started (or the last `reset()`). */
export interface DeviceWork {
  /** adb services the device opened: one per adb command (`shell:`, `exec:`, `sync:`, `abb_exec:`, ...). */
  adbCommands: number;
  /** Of which shell command lines (`shell:`/`exec:`): one shell process each on a phone. */
  shellCommands: number;
  /** Programs the device shell ran (`am`, `pm`, `dumpsys`, `logcat`, ...), by name. */
  programs: Record<string, number>;
  /** The last adb service names (each cut to 160 characters), oldest first. */
  recent: string[];
}

export class WorkCounter {
  private adbCommands = 0;
  private shellCommands = 0;
  private recent: string[] = [];
  private programBase = new Map<string, number>();

  constructor(private readonly programs: () => ReadonlyMap<string, number> = () => new Map()) {}

  /** Records one opened service. */
  service(name: string): void {
    this.adbCommands++;
    if (/^(shell[:,]|exec:)/.test(name)) this.shellCommands++;
    this.recent.push(name.slice(0, 160));
    if (this.recent.length > RECENT) this.recent.shift();
  }

  snapshot(): DeviceWork {
    const programs: Record<string, number> = {};
    for (const [name, count] of this.programs()) {
      const since = count - (this.programBase.get(name) ?? 0);
      if (since > 0) programs[name] = since;
    }
    return {
      adbCommands: this.adbCommands,
      shellCommands: this.shellCommands,
      programs,
      recent: [...this.recent],
    };
  }

  /** Starts counting from zero. */
  reset(): void {
    this.adbCommands = 0;
    this.shellCommands = 0;
    this.recent = [];
    this.programBase = new Map(this.programs());
  }
}
