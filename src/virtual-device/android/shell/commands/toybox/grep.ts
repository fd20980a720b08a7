/**
 * `grep [-EFivcqonlxwhHs] [-e PATTERN]... [PATTERN] [FILE...]`: exit 0 when
 * a line matched, 1 when none did, 2 on an error (a missing file, a bad
 * expression), as toybox grep.
 */
import { escapeRegExp } from '../../../../../contract/escape-regexp.js';
import type { ShellCommand } from '../../context.js';
import { lines, parseOptions, readInputs } from './options.js';
import { basicRegexSource } from './regex.js';

export const grep: ShellCommand = async (ctx) => {
  const options = parseOptions('grep', ctx.args, 'e:EFivcqonlxwhHsr');
  if (typeof options === 'string') {
    ctx.stderr(`${options}\n`);
    return 2;
  }
  const has = (flag: string) => options.flags.has(flag);
  const operands = [...options.operands];
  const patterns = options.all.get('e') ?? (operands.length ? [operands.shift() as string] : undefined);
  if (!patterns) {
    ctx.stderr('usage: grep [-EFivcqonlxwhHs] [-e PATTERN] [PATTERN] [FILE...]\n');
    return 2;
  }
  let regex: RegExp;
  let global: RegExp;
  try {
    const sources = patterns.map((p) => (has('F') ? escapeRegExp(p) : has('E') ? p : basicRegexSource(p)));
    let source = sources.map((s) => `(?:${s})`).join('|');
    if (has('w')) source = `(?<![\\w])(?:${source})(?![\\w])`;
    if (has('x')) source = `^(?:${source})$`;
    regex = new RegExp(source, has('i') ? 'i' : '');
    global = new RegExp(source, has('i') ? 'gi' : 'g');
  } catch {
    ctx.stderr(`grep: bad regex '${patterns.join("' '")}'\n`);
    return 2;
  }
  const { inputs, failed } = await readInputs(ctx, 'grep', operands);
  const prefixNames = (inputs.length > 1 || has('H')) && !has('h');
  let matchedAny = false;
  for (const input of inputs) {
    const name = input.name === '-' ? '(standard input)' : input.name;
    let count = 0;
    for (const [index, line] of lines(input.data).entries()) {
      if (regex.test(line) === has('v')) continue;
      count++;
      matchedAny = true;
      if (has('q')) return 0;
      if (has('c') || has('l')) continue;
      const prefix = `${prefixNames ? `${name}:` : ''}${has('n') ? `${index + 1}:` : ''}`;
      if (has('o') && !has('v')) {
        for (const m of line.matchAll(global)) if (m[0] !== '') ctx.stdout(`${prefix}${m[0]}\n`);
      } else ctx.stdout(`${prefix}${line}\n`);
    }
    if (has('c')) ctx.stdout(`${prefixNames ? `${name}:` : ''}${count}\n`);
    else if (has('l') && count > 0) ctx.stdout(`${name}\n`);
  }
  if (failed && !has('s')) return 2;
  return matchedAny ? 0 : failed ? 2 : 1;
};
