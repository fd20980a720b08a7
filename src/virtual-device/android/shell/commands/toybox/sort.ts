/** `sort [-nrufb] [-t SEP] [-k N[,M]] [FILE...]`. */
import type { ShellCommand } from '../../context.js';
import { lines, parseOptions, readInputs, usageFailure } from './options.js';

export const sort: ShellCommand = async (ctx) => {
  const options = parseOptions('sort', ctx.args, 'nrufbt:k:');
  if (typeof options === 'string') return usageFailure(ctx, options);
  const has = (flag: string) => options.flags.has(flag);
  const separator = options.flags.get('t');
  const keySpec = options.flags.get('k');
  const [keyFrom, keyTo] =
    typeof keySpec === 'string' ? keySpec.split(',').map((n) => Number.parseInt(n, 10)) : [];
  const key = (line: string): string => {
    if (!keyFrom) return line;
    const parts = typeof separator === 'string' ? line.split(separator) : line.trim().split(/\s+/);
    return parts
      .slice(keyFrom - 1, keyTo ?? parts.length)
      .join(typeof separator === 'string' ? separator : ' ');
  };
  const normalize = (line: string) => {
    const k = has('b') ? key(line).trim() : key(line);
    return has('f') ? k.toUpperCase() : k;
  };
  const { inputs, failed } = await readInputs(ctx, 'sort', options.operands);
  const all = inputs.flatMap((input) => lines(input.data));
  const compare = (a: string, b: string): number => {
    if (has('n')) {
      const diff = (Number.parseFloat(normalize(a)) || 0) - (Number.parseFloat(normalize(b)) || 0);
      if (diff !== 0) return diff;
      return has('u') ? 0 : a < b ? -1 : a > b ? 1 : 0;
    }
    const [x, y] = [normalize(a), normalize(b)];
    return x < y ? -1 : x > y ? 1 : 0;
  };
  const sorted = all.sort((a, b) => (has('r') ? compare(b, a) : compare(a, b)));
  const unique = has('u')
    ? sorted.filter((line, i) => i === 0 || compare(sorted[i - 1], line) !== 0)
    : sorted;
  ctx.stdout(unique.map((line) => `${line}\n`).join(''));
  return failed ? 1 : 0;
};
