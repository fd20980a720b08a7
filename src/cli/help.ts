/**
 * `droidproof --help`, `droidproof help <command>`: the command index and one
 * command's usage and flags, in columns aligned to the longest entry.
 */
import type { FlagSpecs } from './args.js';
import type { CliCommand } from './command.js';

/** Left cells longer than this put their text on the next line, so one long flag does not push every row. */
const MAX_LEFT = 40;

/** Two-column sections whose right-hand texts all start at the same offset. */
function sections(
  parts: readonly (readonly [title: string, rows: readonly (readonly [string, string])[]])[],
): string[] {
  const lefts = parts.flatMap(([, rows]) => rows.map(([left]) => left.length));
  const width = Math.min(MAX_LEFT, Math.max(0, ...lefts));
  return parts.flatMap(([title, rows]) => [
    `${title}:`,
    ...rows.flatMap(([left, right]) =>
      left.length > width
        ? [`  ${left}`, `  ${''.padEnd(width)}  ${right}`]
        : [`  ${left.padEnd(width)}  ${right}`],
    ),
    '',
  ]);
}

function flagRows(specs: FlagSpecs): [string, string][] {
  return Object.entries(specs).map(([name, spec]) => {
    const spellings = [name, ...(spec.aliases ?? [])].map((s) => `--${s}`).join(', ');
    const value = spec.type === 'string' ? ` ${spec.valueName ?? '<value>'}` : '';
    return [`${spellings}${value}`, spec.description];
  });
}

export function commandHelp(command: CliCommand, globalFlags: FlagSpecs): string {
  return [
    `usage: droidproof ${command.usage}`,
    '',
    command.summary,
    '',
    ...sections([
      ['flags', flagRows(command.flags)],
      ['global flags', flagRows(globalFlags)],
    ]),
  ].join('\n');
}

export function indexHelp(commands: readonly CliCommand[], globalFlags: FlagSpecs, version: string): string {
  return [
    `droidproof ${version}: Android device tests and the Operator contract from the command line`,
    '',
    'usage: droidproof <command> [flags]',
    '       droidproof help <command>',
    '',
    ...sections([
      ['commands', commands.map((c) => [c.name, c.summary] as const)],
      ['global flags', flagRows(globalFlags)],
    ]),
    'Docs: docs/cli.md',
    '',
  ].join('\n');
}
