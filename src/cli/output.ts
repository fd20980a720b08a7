/**
 * Output formats (seed 003:1329-1343): JSON by default (`--output json`,
 * `--format json`, `--json`), or indented for humans with `--output pretty`.
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
  help: { type: 'boolean', description: 'show help' },
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

export function render(body: unknown, format: OutputFormat): string {
  return `${JSON.stringify(body, null, format === 'pretty' ? 2 : undefined)}\n`;
}
