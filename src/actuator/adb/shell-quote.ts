/**
 * Quoting for the Android device shell (mksh). Single quotes make every byte
 * literal except `'` itself, which is closed, emitted in double quotes and
 * reopened: `'` → `'"'"'` (the brief's dispatch rule). Nothing inside survives
 * as shell syntax: `$()`, backticks, `;`, newlines and unicode pass through verbatim.
 */
export function quoteShellArg(value: string): string {
  return `'${value.replaceAll("'", `'"'"'`)}'`;
}

/** Joins already-safe words and quoted arguments into one device command line. */
export function shellCommand(...words: readonly (string | { quoted: string })[]): string {
  return words.map((word) => (typeof word === 'string' ? word : quoteShellArg(word.quoted))).join(' ');
}
