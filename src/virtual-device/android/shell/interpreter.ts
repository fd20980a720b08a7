/**
 * Runs parsed command lines against the device: expansion, redirections,
 * pipes (buffered), `&&`/`||`, loops, `export`/`exec`/`exit`, and dispatch to
 * the command table. Unknown commands exit 127 with mksh's message.
 */
import type { ShellIo } from '../../services.js';
import type { VirtualAndroid } from '../device.js';
import { COMMANDS } from './commands/index.js';
import type { CommandContext } from './context.js';
import {
  type Command,
  type CommandList,
  type Pipeline,
  parseShell,
  ShellSyntaxError,
  type Word,
} from './parser.js';

type Sink = (chunk: Buffer | string) => void;

interface Streams {
  stdout: Sink;
  stderr: Sink;
  stdin: AsyncIterable<Buffer>;
}

/** `exit N` or `exec`: unwinds to the top of the shell with a status. */
class ShellExit {
  constructor(readonly status: number) {}
}

const NOT_FOUND = (name: string) => `/system/bin/sh: ${name}: inaccessible or not found\n`;

/**
 * Runs a command line; an empty one is an interactive session that reads
 * command lines from stdin until `exit` or the end of input (no prompt: adb
 * clients that pipe commands into `adb shell` do not expect one).
 */
export async function runShell(device: VirtualAndroid, commandLine: string, io: ShellIo): Promise<number> {
  const shell = new Shell(device, io.signal);
  const streams: Streams = { stdout: (c) => io.stdout(c), stderr: (c) => io.stderr(c), stdin: io.stdin };
  try {
    if (commandLine.trim() !== '') return await shell.runLine(commandLine, streams);
    let status = 0;
    let pending = '';
    for await (const chunk of io.stdin) {
      const lines = (pending + chunk.toString('utf8')).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines)
        status = await shell.runLine(line, { ...streams, stdin: bufferStream(Buffer.alloc(0)) });
    }
    return pending.trim() ? await shell.runLine(pending, streams) : status;
  } catch (error) {
    if (error instanceof ShellExit) return error.status;
    throw error;
  }
}

class Shell {
  private readonly env = new Map<string, string>([
    ['PATH', '/product/bin:/apex/com.android.runtime/bin:/system/bin:/system/xbin:/vendor/bin'],
    ['HOME', '/'],
    ['ANDROID_DATA', '/data'],
  ]);
  private status = 0;

  constructor(
    private readonly device: VirtualAndroid,
    private readonly signal: AbortSignal,
  ) {}

  /** Parses and runs one command line; a syntax error prints mksh's message and sets status 1. */
  async runLine(commandLine: string, streams: Streams): Promise<number> {
    let list: CommandList;
    try {
      list = parseShell(commandLine);
    } catch (error) {
      if (!(error instanceof ShellSyntaxError)) throw error;
      streams.stderr(`/system/bin/sh: ${error.message}\n`);
      this.status = 1;
      return 1;
    }
    return this.runList(list, streams);
  }

  async runList(list: CommandList, streams: Streams): Promise<number> {
    for (const andOr of list) {
      if (this.signal.aborted) return this.status;
      this.status = await this.runPipeline(andOr.first, streams);
      for (const { op, pipeline } of andOr.rest) {
        if ((op === '&&') === (this.status === 0)) this.status = await this.runPipeline(pipeline, streams);
      }
    }
    return this.status;
  }

  private async runPipeline(pipeline: Pipeline, streams: Streams): Promise<number> {
    let stdin = streams.stdin;
    let status = 0;
    for (const [i, command] of pipeline.commands.entries()) {
      const last = i === pipeline.commands.length - 1;
      const chunks: Buffer[] = [];
      const stdout: Sink = last ? streams.stdout : (c) => chunks.push(Buffer.from(c));
      status = await this.runCommand(command, { stdout, stderr: streams.stderr, stdin });
      stdin = bufferStream(Buffer.concat(chunks));
    }
    return pipeline.negate ? Number(status === 0) : status;
  }

  private async runCommand(command: Command, outer: Streams): Promise<number> {
    const streams = await this.redirect(command, outer);
    if (command.type === 'while') {
      let status = 0;
      while (!this.signal.aborted && (await this.runList(command.condition, streams)) === 0) {
        status = await this.runList(command.body, streams);
      }
      return status;
    }
    if (command.type === 'if') {
      if ((await this.runList(command.condition, streams)) === 0) return this.runList(command.then, streams);
      return command.otherwise ? this.runList(command.otherwise, streams) : 0;
    }
    const assigned = await Promise.all(
      command.assignments.map(async (a) => [a.name, await this.expand(a.value)] as const),
    );
    const argv = await Promise.all(command.words.map((w) => this.expand(w)));
    if (argv.length === 0) {
      for (const [name, value] of assigned) this.env.set(name, value);
      return 0;
    }
    // `VAR=value cmd`: the assignments hold for that command only.
    return this.invoke(argv, streams, new Map([...this.env, ...assigned]));
  }

  private async invoke(argv: string[], streams: Streams, env = this.env): Promise<number> {
    const [name, ...args] = argv;
    switch (name) {
      case 'exec':
        if (args.length === 0) return 0;
        throw new ShellExit(await this.invoke(args, streams, env));
      case 'exit':
        throw new ShellExit(Number.parseInt(args[0] ?? String(this.status), 10) & 0xff);
      case 'export':
        for (const arg of args) {
          const eq = arg.indexOf('=');
          if (eq > 0) this.env.set(arg.slice(0, eq), arg.slice(eq + 1));
        }
        return 0;
      case 'cd':
        return 0;
    }
    const base = name.slice(name.lastIndexOf('/') + 1);
    const command = COMMANDS[base];
    if (!command || (name.includes('/') && !name.startsWith('/system/bin/'))) {
      streams.stderr(NOT_FOUND(name));
      return 127;
    }
    this.device.programCounts.set(base, (this.device.programCounts.get(base) ?? 0) + 1);
    const ctx: CommandContext = {
      device: this.device,
      name: base,
      args,
      stdout: streams.stdout,
      stderr: streams.stderr,
      stdin: streams.stdin,
      signal: this.signal,
      env,
      run: (line, sub) => this.runLine(line, { ...streams, ...sub }),
    };
    return command(ctx);
  }

  private async redirect(command: Command, streams: Streams): Promise<Streams> {
    const result = { ...streams };
    for (const r of command.redirects) {
      let sink: Sink;
      if ('fd' in r.target) sink = r.target.fd === 1 ? result.stdout : result.stderr;
      else {
        const path = await this.expand(r.target.file);
        sink = path === '/dev/null' ? () => {} : this.fileSink(path, r.target.append, streams.stderr);
      }
      if (r.fd === 1) result.stdout = sink;
      else result.stderr = sink;
    }
    return result;
  }

  private fileSink(path: string, append: boolean, stderr: Sink): Sink {
    const fs = this.device.fs;
    let data = append ? (fs.read(path) ?? Buffer.alloc(0)) : Buffer.alloc(0);
    const write = (): boolean => {
      try {
        fs.write(path, data, 0o100644, Math.floor(this.device.clock.wallTime() / 1000));
        return true;
      } catch (error) {
        stderr(
          `/system/bin/sh: can't create ${path}: ${(error as Error).message.replace(/^couldn't create file: /, '')}\n`,
        );
        return false;
      }
    };
    write();
    return (chunk) => {
      data = Buffer.concat([data, Buffer.from(chunk)]);
      write();
    };
  }

  private async expand(word: Word): Promise<string> {
    let out = '';
    for (const part of word) {
      if (part.type === 'literal') out += part.value;
      else if (part.type === 'quoted') out += await this.expand(part.parts);
      else if (part.type === 'variable')
        out += part.name === '?' ? String(this.status) : (this.env.get(part.name) ?? '');
      else {
        const chunks: Buffer[] = [];
        const saved = this.status;
        await this.runList(part.list, {
          stdout: (c) => chunks.push(Buffer.from(c)),
          stderr: () => {},
          stdin: bufferStream(Buffer.alloc(0)),
        });
        this.status = saved;
        out += Buffer.concat(chunks).toString('utf8').replace(/\n+$/, '');
      }
    }
    return out;
  }
}

export async function* bufferStream(data: Buffer): AsyncIterable<Buffer> {
  if (data.length > 0) yield data;
}
