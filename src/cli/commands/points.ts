/**
 * Coordinate flags in the seed's two-number form (`--start <x> <y>`): the
 * parser hands the first number to the flag and the second to the positionals,
 * in order; `x,y` in one value is accepted too.
 */
import type { ParsedArgs } from '../args.js';
import { MissingArgumentError, UsageError } from '../errors.js';

export function pointFlags(args: ParsedArgs, names: readonly string[]): { x: number; y: number }[] {
  const spare = [...args.positionals];
  return names.map((name) => {
    const value = args.flags[name];
    if (typeof value !== 'string') throw new MissingArgumentError(`--${name} <x> <y> is required`);
    const parts = value.includes(',') ? value.split(',') : [value, spare.shift() ?? ''];
    const [x, y] = parts.map((p) => (/^\d+$/.test(p.trim()) ? Number(p) : Number.NaN));
    if (!Number.isSafeInteger(x) || !Number.isSafeInteger(y)) {
      throw new UsageError(`--${name} needs two non-negative integers <x> <y>`, { flag: `--${name}` });
    }
    return { x, y };
  });
}

/** Positionals left after `pointFlags` took its numbers. */
export function leftoverPositionals(args: ParsedArgs, names: readonly string[]): string[] {
  const used = names.filter(
    (name) => typeof args.flags[name] === 'string' && !String(args.flags[name]).includes(','),
  ).length;
  return args.positionals.slice(used);
}
