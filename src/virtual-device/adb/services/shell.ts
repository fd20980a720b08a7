import type { DeviceServices, ShellIo } from '../../services.js';
import { ByteQueue } from '../byte-queue.js';
import type { ServiceStream } from '../service-stream.js';

/** Shell protocol v2 packet ids (`shell_protocol.h`). */
export const ShellPacket = { stdin: 0, stdout: 1, stderr: 2, exit: 3, closeStdin: 4, windowSize: 5 } as const;

export interface ShellRequest {
  command: string;
  /** `v2`: packets with separate stderr and a real exit code. */
  v2: boolean;
  /** A pty turns `\n` into `\r\n`; raw sessions are binary-clean. */
  pty: boolean;
}

/**
 * Parses `shell:<cmd>` and `shell,<arg>,...:<cmd>`. Unknown args are ignored,
 * as adbd does; without `raw` or `pty` an empty command gets a pty.
 */
export function parseShellService(name: string): ShellRequest | undefined {
  if (!name.startsWith('shell:') && !name.startsWith('shell,')) return undefined;
  const colon = name.indexOf(':');
  const args = name.slice('shell'.length, colon).split(',');
  const command = name.slice(colon + 1);
  const pty = args.includes('pty') || (!args.includes('raw') && command === '');
  return { command, v2: args.includes('v2'), pty };
}

export function shellPacket(id: number, data: Buffer): Buffer {
  const header = Buffer.alloc(5);
  header[0] = id;
  header.writeUInt32LE(data.length, 1);
  return Buffer.concat([header, data]);
}

const toBuffer = (chunk: Buffer | string): Buffer => (typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
const toPty = (chunk: Buffer): Buffer =>
  Buffer.from(chunk.toString('latin1').replace(/\r?\n/g, '\r\n'), 'latin1');

/** Reads shell-v2 packets from the client: stdin bytes until close-stdin (or the stream ends). */
function readV2Stdin(stream: ServiceStream): ByteQueue {
  const stdin = new ByteQueue();
  void (async () => {
    for (let header = await stream.input.read(5); header; header = await stream.input.read(5)) {
      const data = await stream.input.read(header.readUInt32LE(1));
      if (!data) break;
      if (header[0] === ShellPacket.stdin) stdin.push(data);
      else if (header[0] === ShellPacket.closeStdin) stdin.end();
    }
    stdin.end();
  })();
  return stdin;
}

/** `shell:` with an empty command and no pty (`adb shell < script`): run each stdin line. */
async function scriptFromStdin(services: DeviceServices, io: ShellIo): Promise<number> {
  let code = 0;
  let pending = '';
  for await (const chunk of io.stdin) {
    const lines = (pending + chunk.toString()).split(/\r\n|\r|\n/);
    pending = lines.pop() ?? '';
    for (const line of lines) {
      if (line.trim() === 'exit') return code;
      if (line.trim() !== '') code = await services.shell(line, io);
    }
  }
  return pending.trim() === '' ? code : services.shell(pending, io);
}

/**
 * An interactive pty session (`adb shell` from a terminal): the device echoes
 * what is typed, handles backspace, Ctrl-C and Ctrl-D, and prompts like mksh.
 */
async function terminal(services: DeviceServices, io: ShellIo): Promise<number> {
  const prompt = `${services.product.device}:/ $ `;
  let code = 0;
  let line = '';
  io.stdout(prompt);
  for await (const chunk of io.stdin) {
    for (const char of chunk.toString()) {
      if (char === '\r' || char === '\n') {
        io.stdout('\n');
        if (line.trim() === 'exit') return code;
        if (line.trim() !== '') code = await services.shell(line, io);
        line = '';
        io.stdout(prompt);
      } else if (char === '\x7f' || char === '\b') {
        if (line.length > 0) io.stdout('\b \b');
        line = line.slice(0, -1);
      } else if (char === '\x03') {
        io.stdout(`^C\n${prompt}`);
        line = '';
      } else if (char === '\x04') {
        if (line === '') return code;
      } else {
        line += char;
        io.stdout(char);
      }
    }
  }
  return code;
}

/** Runs a command line on the device and carries its streams (v1 merged, or v2 packets). */
export async function runShell(
  stream: ServiceStream,
  services: DeviceServices,
  request: ShellRequest,
): Promise<void> {
  const emit = (id: number) => (chunk: Buffer | string) => {
    // Plain v1 output goes as is: the stream encodes coalesced text once.
    if (!request.pty && !request.v2) return void stream.write(chunk);
    const bytes = request.pty ? toPty(toBuffer(chunk)) : toBuffer(chunk);
    void stream.write(request.v2 ? shellPacket(id, bytes) : bytes);
  };
  const io: ShellIo = {
    stdout: emit(ShellPacket.stdout),
    stderr: emit(ShellPacket.stderr),
    stdin: request.v2 ? readV2Stdin(stream) : stream.input,
    signal: stream.signal,
  };
  let code: number;
  try {
    if (request.command !== '') code = await services.shell(request.command, io);
    else code = await (request.pty ? terminal(services, io) : scriptFromStdin(services, io));
  } catch (error) {
    io.stderr(`${error instanceof Error ? error.message : String(error)}\n`);
    code = 255;
  }
  if (request.v2) void stream.write(shellPacket(ShellPacket.exit, Buffer.from([code & 0xff])));
  await stream.close();
}
