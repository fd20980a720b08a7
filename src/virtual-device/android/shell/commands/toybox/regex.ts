/** POSIX basic regular expressions (grep, sed without -E) in JavaScript syntax. */

/** In a BRE, `\(`, `\)`, `\{`, `\}`, `\|`, `\+`, `\?` are the operators and the bare characters are literal. */
export function basicRegexSource(pattern: string): string {
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\' && i + 1 < pattern.length) {
      const next = pattern[++i];
      out += '(){}|+?'.includes(next) ? next : `\\${next}`;
    } else out += '(){}|+?'.includes(c) ? `\\${c}` : c;
  }
  return out;
}
