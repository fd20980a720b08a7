/** `am` intent arguments (`-a -d -n -p -c -f --es/--ei/--ez/...`) and how `am` prints an intent. */
import { DroidproofError } from '../../../../contract/errors.js';
import type { ExtraValue } from '../../system/broadcasts.js';

export interface IntentArgs {
  action?: string;
  data?: string;
  component?: string;
  packageName?: string;
  categories: string[];
  flags: number;
  extras: Record<string, ExtraValue>;
  /** Options that are not intent fields (`-W`, `-S`, `--receiver-foreground`, `--user`). */
  options: Set<string>;
  /** Arguments left over (a bare package or URI). */
  rest: string[];
}

export class IntentArgsError extends DroidproofError {
  constructor(message: string) {
    super('SHELL_USAGE', message);
  }
}

const EXTRA_PARSERS: Record<string, (value: string) => ExtraValue> = {
  '--es': (v) => v,
  '--ei': (v) => parseInteger(v),
  '--el': (v) => parseInteger(v),
  '--ef': (v) => Number(v),
  '--ed': (v) => Number(v),
  '--eu': (v) => v,
  '--ez': (v) => {
    const lower = v.toLowerCase();
    if (lower === 'true' || lower === 't' || lower === '1') return true;
    if (lower === 'false' || lower === 'f' || lower === '0') return false;
    throw new IntentArgsError(`Invalid boolean value: ${v}`);
  },
};

function parseInteger(value: string): number {
  if (!/^-?\d+$/.test(value)) throw new IntentArgsError(`For input string: "${value}"`);
  return Number.parseInt(value, 10);
}

/** Options without a value that `am start` / `am broadcast` accept. */
const FLAG_OPTIONS = new Set([
  '-W',
  '-S',
  '-R',
  '--receiver-foreground',
  '--receiver-registered-only',
  '--activity-clear-task',
  '--activity-new-task',
]);

export function parseIntentArgs(args: readonly string[]): IntentArgs {
  const intent: IntentArgs = { categories: [], flags: 0, extras: {}, options: new Set(), rest: [] };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    const next = () => {
      if (i + 1 >= args.length) throw new IntentArgsError(`Argument expected after "${arg}"`);
      return args[++i];
    };
    if (arg in EXTRA_PARSERS) {
      const key = next();
      intent.extras[key] = EXTRA_PARSERS[arg](next());
    } else if (arg === '--esn') intent.extras[next()] = '';
    else if (arg === '-a') intent.action = next();
    else if (arg === '-d') intent.data = next();
    else if (arg === '-n') intent.component = next();
    else if (arg === '-p') intent.packageName = next();
    else if (arg === '-c') intent.categories.push(next());
    else if (arg === '-f') intent.flags |= Number(next());
    else if (arg === '--user') intent.options.add(`--user=${next()}`);
    else if (FLAG_OPTIONS.has(arg)) intent.options.add(arg);
    else if (arg.startsWith('-')) throw new IntentArgsError(`Unknown option: ${arg}`);
    else intent.rest.push(arg);
  }
  return intent;
}

/** `Intent { act=… dat=… cat=[…] flg=0x… pkg=… cmp=… (has extras) }` as `Intent.toShortString`. */
export function describeIntent(intent: IntentArgs, flags: number): string {
  const parts: string[] = [];
  if (intent.action) parts.push(`act=${intent.action}`);
  if (intent.categories.length) parts.push(`cat=[${intent.categories.join(',')}]`);
  if (intent.data) parts.push(`dat=${intent.data}`);
  if (flags) parts.push(`flg=0x${flags.toString(16)}`);
  if (intent.packageName) parts.push(`pkg=${intent.packageName}`);
  if (intent.component) parts.push(`cmp=${intent.component}`);
  if (Object.keys(intent.extras).length) parts.push('(has extras)');
  return `Intent { ${parts.join(' ')} }`;
}
