/**
 * What every bench shares: interleaved sampling of the variants it compares
 * (one round runs each once, so machine noise hits them alike), median and
 * p90, and one result row per figure. `bench/run.ts` (`npm run bench`)
 * collects the rows of every bench into one table.
 */

export interface Figure {
  median: number;
  p90: number;
  runs: number;
}

/** One row of the `npm run bench` table. */
export interface BenchRow {
  bench: string;
  figure: string;
  value: string;
  goal: string;
  /** Undefined when the row has no pass/fail goal (a reference figure). */
  ok?: boolean;
}

/** The marker `bench/run.ts` looks for on a bench's stdout. */
export const ROW_MARKER = 'BENCH-ROW ';

export function figureOf(samples: readonly number[]): Figure {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))]!;
  return { median: at(0.5), p90: at(0.9), runs: samples.length };
}

/**
 * A compared variant: a timed call, or one with untimed steps around it (a
 * screen change before, a reading of the device's counters after, told
 * whether the round is measured or a warm-up).
 */
export type Variant =
  | (() => Promise<unknown>)
  | {
      prepare?: () => Promise<unknown>;
      run: () => Promise<unknown>;
      finish?: (measured: boolean) => Promise<unknown>;
    };

/** Runs every variant once per round, `runs` rounds after `warmup` rounds; returns each variant's figure. */
export async function interleave<K extends string>(
  variants: Record<K, Variant>,
  runs: number,
  warmup = 3,
): Promise<Record<K, Figure>> {
  const names = Object.keys(variants) as K[];
  const samples = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<K, number[]>;
  for (let round = 0; round < warmup + runs; round++) {
    for (const name of names) {
      const variant = variants[name];
      const { prepare, run, finish } = typeof variant === 'function' ? { run: variant } : variant;
      await prepare?.();
      const start = performance.now();
      await run();
      if (round >= warmup) samples[name].push(performance.now() - start);
      await finish?.(round >= warmup);
    }
  }
  return Object.fromEntries(names.map((name) => [name, figureOf(samples[name])])) as Record<K, Figure>;
}

export const ms = (figure: Figure) => `${figure.median.toFixed(2)} ms (p90 ${figure.p90.toFixed(2)})`;

/** Prints a figure line for people and a machine-readable row for the table. */
export function row(entry: BenchRow): void {
  const verdict = entry.ok === undefined ? '' : entry.ok ? '  OK' : '  OVER GOAL';
  console.log(`${entry.figure.padEnd(52)} ${entry.value.padStart(26)}   goal ${entry.goal}${verdict}`);
  console.log(`${ROW_MARKER}${JSON.stringify(entry)}`);
}
