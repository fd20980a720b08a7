/**
 * Parses the subset of mksh (Android's /system/bin/sh) that adb clients send:
 * single, double and `'"'"'` quoting, backslashes, `$VAR`, `${VAR}`, `$(...)`,
 * `;`, `&&`, `||`, `|`, `!`, redirections (`>/dev/null`, `2>/dev/null`,
 * `2>&1`, `>file`, `>>file`), `VAR=value` prefixes, `while ...; do ...; done`
 * and `if ...; then ...; [else ...;] fi`. No globbing: `*:I` stays literal,
 * as it does when nothing matches on a device.
 */
import { DroidproofError } from '../../../contract/errors.js';

export type WordPart =
  | { type: 'literal'; value: string }
  | { type: 'variable'; name: string }
  | { type: 'substitution'; list: CommandList }
  /** A double-quoted part: expansions inside, never empty-dropped. */
  | { type: 'quoted'; parts: WordPart[] };

export type Word = WordPart[];

export interface Redirect {
  fd: 1 | 2;
  /** `file` (with `append`) or `fd` (`2>&1`). */
  target: { file: Word; append: boolean } | { fd: 1 | 2 };
}

export type Command =
  | {
      type: 'simple';
      assignments: Array<{ name: string; value: Word }>;
      words: Word[];
      redirects: Redirect[];
    }
  | { type: 'while'; condition: CommandList; body: CommandList; redirects: Redirect[] }
  | {
      type: 'if';
      condition: CommandList;
      then: CommandList;
      otherwise: CommandList | undefined;
      redirects: Redirect[];
    };

export interface Pipeline {
  negate: boolean;
  commands: Command[];
}

export interface AndOr {
  first: Pipeline;
  rest: Array<{ op: '&&' | '||'; pipeline: Pipeline }>;
}

export type CommandList = AndOr[];

const RESERVED = new Set(['do', 'done', 'then', 'else', 'fi', 'elif']);

export class ShellSyntaxError extends DroidproofError {
  constructor(message: string) {
    super('SHELL_SYNTAX', message);
  }
}

export function parseShell(source: string): CommandList {
  const parser = new Parser(source);
  const list = parser.list([]);
  parser.skipBlanks(true);
  if (!parser.atEnd()) parser.fail(`unexpected '${parser.peek()}'`);
  return list;
}

class Parser {
  private pos = 0;

  constructor(private readonly src: string) {}

  atEnd(): boolean {
    return this.pos >= this.src.length;
  }

  peek(offset = 0): string {
    return this.src[this.pos + offset] ?? '';
  }

  fail(message: string): never {
    throw new ShellSyntaxError(`syntax error: ${message}`);
  }

  /** Skips spaces and tabs (and newlines when `newlines`), and `#` comments. */
  skipBlanks(newlines = false): void {
    for (;;) {
      const c = this.peek();
      if (c === ' ' || c === '\t' || (newlines && c === '\n')) this.pos++;
      else if (c === '\\' && this.peek(1) === '\n') this.pos += 2;
      else if (c === '#') while (!this.atEnd() && this.peek() !== '\n') this.pos++;
      else return;
    }
  }

  /** A command list, stopping before any of the `terminators` keywords or a `)`. */
  list(terminators: string[]): CommandList {
    const list: CommandList = [];
    for (;;) {
      this.skipBlanks(true);
      if (this.atEnd() || this.peek() === ')' || terminators.some((t) => this.atKeyword(t))) return list;
      list.push(this.andOr(terminators));
      this.skipBlanks();
      const c = this.peek();
      if (c === ';' || c === '\n' || (c === '&' && this.peek(1) !== '&')) this.pos++;
    }
  }

  private andOr(terminators: string[]): AndOr {
    const node: AndOr = { first: this.pipeline(terminators), rest: [] };
    for (;;) {
      this.skipBlanks();
      const op = this.src.slice(this.pos, this.pos + 2);
      if (op !== '&&' && op !== '||') return node;
      this.pos += 2;
      this.skipBlanks(true);
      node.rest.push({ op, pipeline: this.pipeline(terminators) });
    }
  }

  private pipeline(terminators: string[]): Pipeline {
    this.skipBlanks();
    let negate = false;
    if (this.peek() === '!' && /\s/.test(this.peek(1))) {
      negate = true;
      this.pos++;
    }
    const commands = [this.command(terminators)];
    for (;;) {
      this.skipBlanks();
      if (this.peek() !== '|' || this.peek(1) === '|') return { negate, commands };
      this.pos++;
      this.skipBlanks(true);
      commands.push(this.command(terminators));
    }
  }

  private atKeyword(word: string): boolean {
    if (!this.src.startsWith(word, this.pos)) return false;
    const next = this.peek(word.length);
    return next === '' || /[\s;&|()]/.test(next);
  }

  private keyword(word: string): void {
    this.skipBlanks(true);
    if (!this.atKeyword(word)) this.fail(`expected '${word}'`);
    this.pos += word.length;
  }

  private command(terminators: string[]): Command {
    this.skipBlanks();
    if (this.atKeyword('while')) {
      this.pos += 5;
      const condition = this.list(['do']);
      this.keyword('do');
      const body = this.list(['done']);
      this.keyword('done');
      return { type: 'while', condition, body, redirects: this.redirects() };
    }
    if (this.atKeyword('if')) {
      this.pos += 2;
      const condition = this.list(['then']);
      this.keyword('then');
      const then = this.list(['else', 'fi']);
      let otherwise: CommandList | undefined;
      this.skipBlanks(true);
      if (this.atKeyword('else')) {
        this.pos += 4;
        otherwise = this.list(['fi']);
      }
      this.keyword('fi');
      return { type: 'if', condition, then, otherwise, redirects: this.redirects() };
    }
    const command: Command = { type: 'simple', assignments: [], words: [], redirects: [] };
    for (;;) {
      this.skipBlanks();
      const c = this.peek();
      if (this.atEnd() || /[;&|)\n]/.test(c)) break;
      if (command.words.length === 0 && terminators.some((t) => this.atKeyword(t))) break;
      if (command.words.length === 0 && [...RESERVED].some((r) => this.atKeyword(r))) break;
      const redirect = this.redirect();
      if (redirect) {
        command.redirects.push(redirect);
        continue;
      }
      const assignment = command.words.length === 0 ? this.assignment() : undefined;
      if (assignment) command.assignments.push(assignment);
      else command.words.push(this.word());
    }
    if (command.words.length === 0 && command.assignments.length === 0 && command.redirects.length === 0) {
      this.fail(this.atEnd() ? 'unexpected end of input' : `unexpected '${this.peek()}'`);
    }
    return command;
  }

  private redirects(): Redirect[] {
    const redirects: Redirect[] = [];
    for (;;) {
      this.skipBlanks();
      const redirect = this.redirect();
      if (!redirect) return redirects;
      redirects.push(redirect);
    }
  }

  private redirect(): Redirect | undefined {
    const match = /^([12]?)(>>|>&|>)/.exec(this.src.slice(this.pos, this.pos + 3));
    if (!match) return undefined;
    this.pos += match[0].length;
    const fd = match[1] === '2' ? 2 : 1;
    this.skipBlanks();
    if (match[2] === '>&') {
      const target = this.peek();
      if (target !== '1' && target !== '2') this.fail('bad file descriptor');
      this.pos++;
      return { fd, target: { fd: target === '1' ? 1 : 2 } };
    }
    return { fd, target: { file: this.word(), append: match[2] === '>>' } };
  }

  private assignment(): { name: string; value: Word } | undefined {
    const match = /^([A-Za-z_][A-Za-z0-9_]*)=/.exec(this.src.slice(this.pos, this.pos + 256));
    if (!match) return undefined;
    this.pos += match[0].length;
    const c = this.peek();
    const value = this.atEnd() || /[\s;&|)]/.test(c) ? [] : this.word();
    return { name: match[1], value };
  }

  /** One word: adjacent quoted and unquoted pieces until a blank or an operator. */
  private word(): Word {
    const parts = new PartsBuilder();
    for (;;) {
      const c = this.peek();
      if (this.atEnd() || /[\s;&|()<>]/.test(c)) break;
      if (c === "'") {
        const end = this.src.indexOf("'", this.pos + 1);
        if (end < 0) this.fail('unterminated quoted string');
        parts.push({
          type: 'quoted',
          parts: [{ type: 'literal', value: this.src.slice(this.pos + 1, end) }],
        });
        this.pos = end + 1;
      } else if (c === '"') {
        this.pos++;
        parts.push({ type: 'quoted', parts: this.doubleQuoted() });
      } else if (c === '\\') {
        parts.text(this.peek(1));
        this.pos += 2;
      } else this.dollarOrChar(parts);
    }
    return parts.done(false);
  }

  private doubleQuoted(): WordPart[] {
    const parts = new PartsBuilder();
    for (;;) {
      if (this.atEnd()) this.fail('unterminated quoted string');
      const c = this.peek();
      if (c === '"') {
        this.pos++;
        return parts.done(true);
      }
      if (c === '\\' && /[$`"\\\n]/.test(this.peek(1))) {
        parts.text(this.peek(1));
        this.pos += 2;
      } else this.dollarOrChar(parts);
    }
  }

  /** An expansion at `$`, or the current character as literal text. */
  private dollarOrChar(parts: PartsBuilder): void {
    const expansion = this.peek() === '$' ? this.dollar() : undefined;
    if (expansion) parts.push(expansion);
    else {
      parts.text(this.peek());
      this.pos++;
    }
  }

  /** `$(...)`, `${NAME}`, `$NAME`, `$?`; undefined when `$` is literal. */
  private dollar(): WordPart | undefined {
    const next = this.peek(1);
    if (next === '(') {
      this.pos += 2;
      const list = this.list([]);
      this.skipBlanks(true);
      if (this.peek() !== ')') this.fail("expected ')'");
      this.pos++;
      return { type: 'substitution', list };
    }
    if (next === '{') {
      const end = this.src.indexOf('}', this.pos);
      if (end < 0) this.fail("expected '}'");
      const name = this.src.slice(this.pos + 2, end);
      this.pos = end + 1;
      return { type: 'variable', name };
    }
    const match = /^([A-Za-z_][A-Za-z0-9_]*|[?$#0-9])/.exec(this.src.slice(this.pos + 1, this.pos + 128));
    if (!match) return undefined;
    this.pos += 1 + match[0].length;
    return { type: 'variable', name: match[0] };
  }
}

/** Collects word parts, merging adjacent literal characters. */
class PartsBuilder {
  private readonly parts: WordPart[] = [];
  private literal = '';

  text(value: string): void {
    this.literal += value;
  }

  push(part: WordPart): void {
    this.flush();
    this.parts.push(part);
  }

  /** `keepEmpty`: `""` is one empty word, not nothing. */
  done(keepEmpty: boolean): WordPart[] {
    this.flush();
    if (keepEmpty && this.parts.length === 0) this.parts.push({ type: 'literal', value: '' });
    return this.parts;
  }

  private flush(): void {
    if (this.literal) this.parts.push({ type: 'literal', value: this.literal });
    this.literal = '';
  }
}
