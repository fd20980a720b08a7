/**
 * `sed [-n] [-E|-r] [-e SCRIPT]... [SCRIPT] [FILE...]`, the basics scripts
 * use: addresses (`N`, `$`, `/re/`, `A,B`), commands `s///[gpI N]`, `p`,
 * `d`, `q`, separated by `;` or newlines. Others fail with sed's message.
 */
import type { ShellCommand } from '../../context.js';
import { lines, parseOptions, readInputs, usageFailure } from './options.js';
import { basicRegexSource } from './regex.js';

type Address = { line: number } | { last: true } | { regex: RegExp };

interface SedCommand {
  from?: Address;
  to?: Address;
  name: 's' | 'p' | 'd' | 'q';
  regex?: RegExp;
  replacement?: string;
  global?: boolean;
  occurrence?: number;
  print?: boolean;
}

class SedScriptError extends Error {}

function toRegexSource(pattern: string, extended: boolean): string {
  return extended ? pattern : basicRegexSource(pattern);
}

/** Reads a delimited field starting after `at` (the delimiter); returns it and the index after its closing delimiter. */
function delimited(script: string, at: number, delimiter: string): [string, number] {
  let out = '';
  for (let i = at + 1; i < script.length; i++) {
    const c = script[i];
    if (c === '\\' && script[i + 1] === delimiter) {
      out += delimiter;
      i++;
    } else if (c === '\\' && i + 1 < script.length) {
      out += c + script[++i];
    } else if (c === delimiter) return [out, i + 1];
    else out += c;
  }
  throw new SedScriptError(`unterminated regex`);
}

function parseScript(script: string, extended: boolean): SedCommand[] {
  const commands: SedCommand[] = [];
  let i = 0;
  const address = (): Address | undefined => {
    if (/\d/.test(script[i] ?? '')) {
      const match = /^\d+/.exec(script.slice(i))![0];
      i += match.length;
      return { line: Number(match) };
    }
    if (script[i] === '$') {
      i++;
      return { last: true };
    }
    if (script[i] === '/') {
      const [pattern, next] = delimited(script, i, '/');
      i = next;
      return { regex: new RegExp(toRegexSource(pattern, extended)) };
    }
    return undefined;
  };
  while (i < script.length) {
    while (/[\s;]/.test(script[i] ?? '')) i++;
    if (i >= script.length) break;
    const command: Partial<SedCommand> = { from: address() };
    if (command.from && script[i] === ',') {
      i++;
      command.to = address();
      if (!command.to) throw new SedScriptError("unexpected `,'");
    }
    const name = script[i++];
    if (name === 's') {
      const delimiter = script[i];
      const [pattern, afterPattern] = delimited(script, i, delimiter);
      const [replacement, afterReplacement] = delimited(script, afterPattern - 1, delimiter);
      i = afterReplacement;
      const flags = /^[gpI\d]*/.exec(script.slice(i))![0];
      i += flags.length;
      Object.assign(command, {
        name: 's',
        regex: new RegExp(toRegexSource(pattern, extended), `g${flags.includes('I') ? 'i' : ''}`),
        replacement,
        global: flags.includes('g'),
        occurrence: Number(/\d+/.exec(flags)?.[0] ?? 1),
        print: flags.includes('p'),
      });
    } else if (name === 'p' || name === 'd' || name === 'q') command.name = name;
    else throw new SedScriptError(`Unknown command '${name ?? ''}'`);
    commands.push(command as SedCommand);
  }
  return commands;
}

/** The replacement with `&` and `\1`..`\9` filled in, `\n` as newline. */
function expand(replacement: string, match: RegExpExecArray): string {
  return replacement.replace(/\\([0-9n&\\])|&/g, (_all, escaped: string | undefined) => {
    if (escaped === undefined) return match[0];
    if (escaped === 'n') return '\n';
    if (escaped === '&' || escaped === '\\') return escaped;
    return match[Number(escaped)] ?? '';
  });
}

function substitute(line: string, command: SedCommand): string | undefined {
  const regex = command.regex!;
  regex.lastIndex = 0;
  const nth = command.occurrence ?? 1;
  let count = 0;
  let changed = false;
  const out = line.replace(regex, (...args) => {
    count++;
    if (command.global ? count < nth : count !== nth) return args[0];
    changed = true;
    const groups = args.slice(0, -2) as unknown as RegExpExecArray;
    return expand(command.replacement ?? '', groups);
  });
  return changed ? out : undefined;
}

export const sed: ShellCommand = async (ctx) => {
  const options = parseOptions('sed', ctx.args, 'e:nErif:');
  if (typeof options === 'string') return usageFailure(ctx, options);
  const operands = [...options.operands];
  const scripts = options.all.get('e') ?? (operands.length ? [operands.shift() as string] : []);
  if (scripts.length === 0) return usageFailure(ctx, 'sed: Need script');
  if (options.flags.has('i')) return usageFailure(ctx, 'sed: -i is not supported on this device');
  let commands: SedCommand[];
  try {
    commands = parseScript(scripts.join('\n'), options.flags.has('E') || options.flags.has('r'));
  } catch (error) {
    if (!(error instanceof SedScriptError || error instanceof SyntaxError)) throw error;
    return usageFailure(ctx, `sed: bad script: ${error.message}`);
  }
  const quiet = options.flags.has('n');
  const { inputs, failed } = await readInputs(ctx, 'sed', operands);
  const all = inputs.flatMap((input) => lines(input.data));
  const inRange = new Set<SedCommand>();
  const matches = (address: Address, line: string, index: number) =>
    'line' in address
      ? address.line === index + 1
      : 'last' in address
        ? index === all.length - 1
        : address.regex.test(line);
  const selected = (command: SedCommand, line: string, index: number): boolean => {
    if (!command.from) return true;
    if (!command.to) return matches(command.from, line, index);
    if (inRange.has(command)) {
      if (matches(command.to, line, index) || ('line' in command.to && index + 1 >= command.to.line))
        inRange.delete(command);
      return true;
    }
    if (!matches(command.from, line, index)) return false;
    if (!('line' in command.to && command.to.line <= index + 1)) inRange.add(command);
    return true;
  };
  let out = '';
  lineLoop: for (const [index, original] of all.entries()) {
    let line = original;
    for (const command of commands) {
      if (!selected(command, line, index)) continue;
      if (command.name === 'd') continue lineLoop;
      if (command.name === 'p') out += `${line}\n`;
      if (command.name === 'q') {
        if (!quiet) out += `${line}\n`;
        break lineLoop;
      }
      if (command.name === 's') {
        const replaced = substitute(line, command);
        if (replaced !== undefined) {
          line = replaced;
          if (command.print) out += `${line}\n`;
        }
      }
    }
    if (!quiet) out += `${line}\n`;
  }
  ctx.stdout(out);
  return failed ? 1 : 0;
};
