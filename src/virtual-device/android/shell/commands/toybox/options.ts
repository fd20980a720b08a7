/**
 * toybox's option parsing and file inputs, shared by the tools: combined
 * short flags (`-vn`), values attached or separate (`-n5`, `-n 5`), `--`
 * ending options, and files read with toybox's error lines.
 */
import type { CommandContext } from '../../context.js';

export interface ParsedOptions {
  /** Flag → its value (`true` for a flag without one); repeated value flags keep every value in `all`. */
  flags: Map<string, string | true>;
  all: Map<string, string[]>;
  operands: string[];
}

/**
 * Parses `args` against a spec such as `"n:c:qv"` (a colon marks a flag
 * with a value). Returns the unknown flag's message instead on a bad option.
 * `numericFlag` turns `-5` into that flag's value (`head -5` is `head -n 5`).
 */
export function parseOptions(
  tool: string,
  args: readonly string[],
  spec: string,
  numericFlag?: string,
): ParsedOptions | string {
  const takesValue = new Set([...spec.matchAll(/(\w):/g)].map((m) => m[1]));
  const known = new Set(spec.replace(/:/g, ''));
  const parsed: ParsedOptions = { flags: new Map(), all: new Map(), operands: [] };
  const set = (flag: string, value: string | true) => {
    parsed.flags.set(flag, value);
    if (typeof value === 'string') parsed.all.set(flag, [...(parsed.all.get(flag) ?? []), value]);
  };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--') {
      parsed.operands.push(...args.slice(i + 1));
      break;
    }
    if (!arg.startsWith('-') || arg === '-') {
      parsed.operands.push(arg);
      continue;
    }
    if (numericFlag && /^-\d+$/.test(arg)) {
      set(numericFlag, arg.slice(1));
      continue;
    }
    for (let j = 1; j < arg.length; j++) {
      const flag = arg[j];
      if (!known.has(flag)) return `${tool}: Unknown option '${arg.startsWith('--') ? arg.slice(2) : flag}'`;
      if (!takesValue.has(flag)) {
        set(flag, true);
        continue;
      }
      const value = arg.slice(j + 1) || args[++i];
      if (value === undefined) return `${tool}: Missing argument to -${flag}`;
      set(flag, value);
      break;
    }
  }
  return parsed;
}

export async function readStdin(ctx: CommandContext): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of ctx.stdin) chunks.push(chunk);
  return Buffer.concat(chunks);
}

export interface Input {
  /** The operand (`-` for stdin). */
  name: string;
  data: Buffer;
}

/**
 * The inputs of a filter: each file operand (or stdin when there is none or
 * for `-`). A missing file or a directory prints toybox's line and is skipped;
 * `failed` tells the caller to exit 1.
 */
export async function readInputs(
  ctx: CommandContext,
  tool: string,
  paths: readonly string[],
): Promise<{ inputs: Input[]; failed: boolean }> {
  const inputs: Input[] = [];
  let failed = false;
  for (const name of paths.length ? paths : ['-']) {
    if (name === '-') {
      inputs.push({ name, data: await readStdin(ctx) });
      continue;
    }
    const data = ctx.device.fs.read(name);
    if (data) inputs.push({ name, data });
    else {
      ctx.stderr(
        `${tool}: ${name}: ${ctx.device.fs.stat(name) ? 'Is a directory' : 'No such file or directory'}\n`,
      );
      failed = true;
    }
  }
  return { inputs, failed };
}

/** Text lines without the empty string after a final newline. */
export function lines(data: Buffer | string): string[] {
  const text = typeof data === 'string' ? data : data.toString('utf8');
  const split = text.split('\n');
  if (split[split.length - 1] === '') split.pop();
  return split;
}

/** Prints a usage failure the toybox way and returns its exit status. */
export function usageFailure(ctx: CommandContext, message: string): number {
  ctx.stderr(`${message}\n`);
  return 1;
}
