/** `md5sum [FILE...]` (and `sha1sum`, `sha256sum`): `<hex>  <name>`, `-` for stdin. */
import { createHash } from 'node:crypto';
import type { ShellCommand } from '../../context.js';
import { parseOptions, readInputs, usageFailure } from './options.js';

function digestTool(tool: string, algorithm: string): ShellCommand {
  return async (ctx) => {
    const options = parseOptions(tool, ctx.args, 'b');
    if (typeof options === 'string') return usageFailure(ctx, options);
    const { inputs, failed } = await readInputs(ctx, tool, options.operands);
    for (const input of inputs) {
      const hex = createHash(algorithm).update(input.data).digest('hex');
      ctx.stdout(options.flags.has('b') ? `${hex}\n` : `${hex}  ${input.name}\n`);
    }
    return failed ? 1 : 0;
  };
}

export const md5sum = digestTool('md5sum', 'md5');
export const sha1sum = digestTool('sha1sum', 'sha1');
export const sha256sum = digestTool('sha256sum', 'sha256');
