/**
 * A small argument parser: `--name value`, `--name=value`, boolean `--name`,
 * positionals, and `--` to end flags. Unknown, repeated and value-less flags
 * are usage errors, so a typo never silently changes what a command does.
 */
import { UsageError } from './errors.js';

export interface FlagSpec {
  /** `boolean` flags take no value; `string` flags take exactly one. */
  readonly type: 'boolean' | 'string';
  /** Other spellings accepted for this flag (without `--`). */
  readonly aliases?: readonly string[];
  /** One line for `--help`. */
  readonly description: string;
  /** Value placeholder shown in help, e.g. `<json-or-@file>`. */
  readonly valueName?: string;
}

export type FlagSpecs = Readonly<Record<string, FlagSpec>>;

export interface ParsedArgs {
  /** Canonical flag name → value (`true` for boolean flags). */
  readonly flags: Readonly<Record<string, string | true>>;
  readonly positionals: readonly string[];
}

function flagIndex(specs: FlagSpecs): Map<string, string> {
  const index = new Map<string, string>();
  for (const [name, spec] of Object.entries(specs)) {
    for (const spelling of [name, ...(spec.aliases ?? [])]) index.set(spelling, name);
  }
  return index;
}

/** Parses `argv` against `specs`; throws `UsageError` on any syntax problem. */
export function parseArgs(argv: readonly string[], specs: FlagSpecs): ParsedArgs {
  const index = flagIndex(specs);
  const flags: Record<string, string | true> = {};
  const positionals: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (!arg.startsWith('--') || arg === '-') {
      positionals.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const spelling = arg.slice(2, eq < 0 ? undefined : eq);
    const name = index.get(spelling);
    if (name === undefined) throw new UsageError(`unknown flag --${spelling}`, { flag: `--${spelling}` });
    if (Object.hasOwn(flags, name))
      throw new UsageError(`flag --${name} was given more than once`, { flag: `--${name}` });
    const spec = specs[name]!;
    if (spec.type === 'boolean') {
      if (eq >= 0) throw new UsageError(`flag --${spelling} takes no value`, { flag: `--${spelling}` });
      flags[name] = true;
    } else if (eq >= 0) {
      flags[name] = arg.slice(eq + 1);
    } else {
      const value = argv[i + 1];
      if (value === undefined)
        throw new UsageError(`flag --${spelling} requires a value`, { flag: `--${spelling}` });
      flags[name] = value;
      i++;
    }
  }
  return { flags, positionals };
}
