/** `wc [-lwcm] [FILE...]`: counts in the order lines, words, bytes; a `total` line for several files. */
import type { ShellCommand } from '../../context.js';
import { parseOptions, readInputs, usageFailure } from './options.js';

export const wc: ShellCommand = async (ctx) => {
  const options = parseOptions('wc', ctx.args, 'lwcm');
  if (typeof options === 'string') return usageFailure(ctx, options);
  const chosen = ['l', 'w', 'c', 'm'].filter((f) => options.flags.has(f));
  const fields = chosen.length ? chosen : ['l', 'w', 'c'];
  const { inputs, failed } = await readInputs(ctx, 'wc', options.operands);
  const totals = new Map<string, number>();
  const count = (data: Buffer): Record<string, number> => {
    const text = data.toString('utf8');
    return {
      l: data.filter((b) => b === 0x0a).length,
      w: text.split(/\s+/).filter(Boolean).length,
      c: data.length,
      m: [...text].length,
    };
  };
  const print = (counts: Record<string, number>, name: string | undefined) => {
    // One field from stdin prints just the number, as scripts that do `$(... | wc -l)` expect.
    const width = fields.length === 1 && name === undefined ? 0 : 7;
    ctx.stdout(
      `${fields.map((f) => String(counts[f]).padStart(width)).join(' ')}${name ? ` ${name}` : ''}\n`,
    );
  };
  for (const input of inputs) {
    const counts = count(input.data);
    for (const f of fields) totals.set(f, (totals.get(f) ?? 0) + counts[f]);
    print(counts, input.name === '-' ? undefined : input.name);
  }
  if (inputs.length > 1) print(Object.fromEntries(totals), 'total');
  return failed ? 1 : 0;
};
