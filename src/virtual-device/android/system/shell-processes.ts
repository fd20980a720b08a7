/**
 * Long-running programs the adb shell started (`screenrecord`), as processes
 * of the shell user: `ps` lists them, and `kill` / `pkill` deliver signals
 * to them. Each program decides what a signal does to it.
 */

/** Signal numbers the shell tools accept, by name. */
export const SIGNAL_NUMBERS: Readonly<Record<string, number>> = {
  HUP: 1,
  INT: 2,
  QUIT: 3,
  KILL: 9,
  USR1: 10,
  USR2: 12,
  TERM: 15,
  CONT: 18,
  STOP: 19,
};

/** `INT`, `SIGINT`, `2` → `INT`; `0` (existence check) → `0`; unknown → undefined. */
export function signalName(spec: string): string | undefined {
  const bare = spec.toUpperCase().replace(/^SIG/, '');
  if (bare === '0') return '0';
  if (SIGNAL_NUMBERS[bare] !== undefined) return bare;
  return Object.entries(SIGNAL_NUMBERS).find(([, n]) => String(n) === bare)?.[0];
}

export interface ShellProcess {
  pid: number;
  name: string;
  /** argv, for `ps -o ARGS` and `pkill -f`. */
  argv: readonly string[];
}

interface Running extends ShellProcess {
  onSignal(signal: string): void;
}

/** Pids after the shell's own (4200-4201) and below app pids. */
const FIRST_PID = 4300;

export class ShellProcesses {
  private readonly running = new Map<number, Running>();
  private nextPid = FIRST_PID;

  /** Registers a running program; call `exit` when it ends. */
  spawn(argv: readonly string[], onSignal: (signal: string) => void): { pid: number; exit(): void } {
    const pid = this.nextPid++;
    const name = argv[0]!.split('/').pop()!;
    this.running.set(pid, { pid, name, argv, onSignal });
    return { pid, exit: () => this.running.delete(pid) };
  }

  list(): ShellProcess[] {
    return [...this.running.values()].map(({ pid, name, argv }) => ({ pid, name, argv }));
  }

  /** Delivers `signal` (a name from `signalName`); false when no such process runs. */
  signal(pid: number, signal: string): boolean {
    const process = this.running.get(pid);
    if (!process) return false;
    if (signal !== '0') process.onSignal(signal);
    return true;
  }
}
