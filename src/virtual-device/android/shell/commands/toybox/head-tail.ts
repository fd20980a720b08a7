/** `head` and `tail`: `-n N` (`-N`), `-c N`, `tail -n +N`; `==> name <==` headers for several files. */
import type { CommandContext, ShellCommand } from '../../context.js';
import { type Input, parseOptions, readInputs, usageFailure } from './options.js';

function slice(
  input: Input,
  fromEnd: boolean,
  lineCount: string | undefined,
  byteCount: string | undefined,
): Buffer {
  const data = input.data;
  if (byteCount !== undefined) {
    const n = Number.parseInt(byteCount.replace(/^\+/, ''), 10);
    if (!fromEnd) return data.subarray(0, n);
    return byteCount.startsWith('+')
      ? data.subarray(Math.max(0, n - 1))
      : data.subarray(Math.max(0, data.length - n));
  }
  const spec = lineCount ?? '10';
  const n = Number.parseInt(spec.replace(/^\+/, ''), 10);
  // Split keeping each line's newline, so output is byte-exact (a missing final newline stays missing).
  const parts = data.toString('utf8').match(/[^\n]*\n|[^\n]+$/g) ?? [];
  const kept = !fromEnd
    ? parts.slice(0, n)
    : spec.startsWith('+')
      ? parts.slice(Math.max(0, n - 1))
      : parts.slice(Math.max(0, parts.length - n));
  return Buffer.from(kept.join(''), 'utf8');
}

function headOrTail(fromEnd: boolean): ShellCommand {
  const tool = fromEnd ? 'tail' : 'head';
  return async (ctx: CommandContext) => {
    const options = parseOptions(tool, ctx.args, fromEnd ? 'n:c:fqv' : 'n:c:qv', 'n');
    if (typeof options === 'string') return usageFailure(ctx, options);
    const lineCount = options.flags.get('n');
    const byteCount = options.flags.get('c');
    for (const value of [lineCount, byteCount]) {
      if (typeof value === 'string' && !/^\+?\d+$/.test(value))
        return usageFailure(ctx, `${tool}: not integer: ${value}`);
    }
    const { inputs, failed } = await readInputs(ctx, tool, options.operands);
    const headers = (inputs.length > 1 || options.flags.has('v')) && !options.flags.has('q');
    inputs.forEach((input, i) => {
      if (headers)
        ctx.stdout(`${i > 0 ? '\n' : ''}==> ${input.name === '-' ? 'standard input' : input.name} <==\n`);
      ctx.stdout(slice(input, fromEnd, lineCount as string | undefined, byteCount as string | undefined));
    });
    return failed ? 1 : 0;
  };
}

export const head = headOrTail(false);
export const tail = headOrTail(true);
