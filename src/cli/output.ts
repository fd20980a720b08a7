/**
 * Output formats (seed 003:1329-1343): JSON by default (`--output json`,
 * `--format json`, `--json`), or for people with `--output pretty` /
 * `--format pretty`: the command's own rendering (doctor's table, snapshot's
 * summary) or indented JSON.
 */
import type { FlagSpecs } from './args.js';
import { UsageError } from './errors.js';

export type OutputFormat = 'json' | 'pretty';

/** Flags every command accepts, before or after the command name. */
export const GLOBAL_FLAGS: FlagSpecs = {
  output: {
    type: 'string',
    aliases: ['format'],
    valueName: 'json|pretty',
    description: 'output format (default json)',
  },
  json: { type: 'boolean', description: 'same as --output json' },
  help: { type: 'boolean', description: 'show help (also -h, droidproof help <command>)' },
  version: { type: 'boolean', description: 'print the droidproof version' },
  'no-daemon': { type: 'boolean', description: 'run device commands directly, never through the daemon' },
};

export function outputFormat(flags: Readonly<Record<string, string | true>>): OutputFormat {
  const value = flags.json === true ? 'json' : (flags.output ?? 'json');
  if (value !== 'json' && value !== 'pretty') {
    throw new UsageError(`--output must be json or pretty, got ${JSON.stringify(value)}`, {
      flag: '--output',
    });
  }
  return value;
}

/** JSON on one line, or for people the command's own rendering (else indented JSON). */
export function render(result: { body: unknown; pretty?: () => string }, format: OutputFormat): string {
  if (format === 'json') return `${JSON.stringify(result.body)}\n`;
  const text = result.pretty?.() ?? JSON.stringify(result.body, null, 2);
  return text.endsWith('\n') ? text : `${text}\n`;
}
