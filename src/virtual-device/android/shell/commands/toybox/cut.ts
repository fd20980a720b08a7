/** `cut -d DELIM -f LIST` and `cut -c LIST` (LIST: `1,3`, `2-4`, `3-`, `-2`). */
import type { ShellCommand } from '../../context.js';
import { lines, parseOptions, readInputs, usageFailure } from './options.js';

/** Whether 1-based position `n` is in LIST. */
function inList(list: string, n: number): boolean {
  return list.split(',').some((range) => {
    const [from, to] = range.includes('-') ? range.split('-') : [range, range];
    return n >= (from ? Number(from) : 1) && n <= (to ? Number(to) : Number.POSITIVE_INFINITY);
  });
}

export const cut: ShellCommand = async (ctx) => {
  const options = parseOptions('cut', ctx.args, 'd:f:c:b:s');
  if (typeof options === 'string') return usageFailure(ctx, options);
  const fields = options.flags.get('f');
  const chars = options.flags.get('c') ?? options.flags.get('b');
  const list = typeof fields === 'string' ? fields : typeof chars === 'string' ? chars : undefined;
  if (list === undefined || !/^(\d*-?\d*)(,\d*-?\d*)*$/.test(list) || /(^|,)-?(,|$)/.test(list))
    return usageFailure(ctx, 'cut: Needs -fcb');
  const delimiter = options.flags.get('d');
  const separator = typeof delimiter === 'string' ? delimiter.charAt(0) : '\t';
  const { inputs, failed } = await readInputs(ctx, 'cut', options.operands);
  for (const input of inputs) {
    for (const line of lines(input.data)) {
      if (typeof fields === 'string') {
        if (!line.includes(separator)) {
          if (!options.flags.has('s')) ctx.stdout(`${line}\n`);
          continue;
        }
        ctx.stdout(
          `${line
            .split(separator)
            .filter((_, i) => inList(list, i + 1))
            .join(separator)}\n`,
        );
      } else ctx.stdout(`${[...line].filter((_, i) => inList(list, i + 1)).join('')}\n`);
    }
  }
  return failed ? 1 : 0;
};
