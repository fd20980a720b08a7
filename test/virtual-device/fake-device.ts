import type { DeviceServices, DirectoryEntry, FileStat, ShellIo } from '../../src/virtual-device/services.js';

/**
 * A small stand-in for the emulated Android, for wire-level tests only: a
 * handful of commands (echo, exit, fail, cat, stream, logcat -B, getprop), an
 * in-memory file system and an install log. Not shipped.
 */
export interface FakeDevice extends DeviceServices {
  readonly installs: { apk: Buffer; args: readonly string[] }[];
  readonly commands: string[];
  readonly files: Map<string, { data: Buffer; mode: number; mtime: number }>;
}

/** Splits words, honouring the single quotes adb clients put around arguments. */
function words(text: string): string[] {
  return [...text.matchAll(/'((?:[^']|'"'"')*)'|(\S+)/g)].map((match) =>
    match[1] !== undefined ? match[1].replaceAll(`'"'"'`, "'") : match[2],
  );
}

/** One binary logcat record (`logger_entry` v4, 28-byte header) as `logcat -B` writes it. */
export function logcatRecord(priority: number, tag: string, message: string, pid = 1234): Buffer {
  const payload = Buffer.concat([Buffer.from([priority]), Buffer.from(`${tag}\0${message}\0`)]);
  const header = Buffer.alloc(28);
  header.writeUInt16LE(payload.length, 0);
  header.writeUInt16LE(28, 2);
  header.writeInt32LE(pid, 4);
  header.writeUInt32LE(pid, 8);
  header.writeUInt32LE(1_700_000_000, 12);
  return Buffer.concat([header, payload]);
}

export function createFakeDevice(serial: string): FakeDevice {
  const files = new Map<string, { data: Buffer; mode: number; mtime: number }>();
  const installs: FakeDevice['installs'] = [];
  const commands: string[] = [];
  const isDirectory = (path: string) => {
    const prefix = path.endsWith('/') ? path : `${path}/`;
    return path === '/' || [...files.keys()].some((name) => name.startsWith(prefix));
  };

  const run = async (command: string, io: ShellIo): Promise<number> => {
    const [name, ...args] = words(command.replace(/ 2>\/dev\/null/g, ''));
    switch (name) {
      case undefined:
        return 0;
      case 'echo':
        io.stdout(`${args.join(' ')}\n`);
        return 0;
      case 'exit':
        return Number(args[0]);
      case 'fail':
        io.stderr(`${args.join(' ')}\n`);
        return 1;
      case 'getprop':
        io.stdout(args[0] === 'ro.serialno' ? `${serial}\n` : '[ro.product.model]: [Fake Phone]\n');
        return 0;
      case 'cat': {
        if (args.length === 0) {
          for await (const chunk of io.stdin) io.stdout(chunk);
          return 0;
        }
        const file = files.get(args[0]);
        if (!file) {
          io.stderr(`cat: ${args[0]}: No such file or directory\n`);
          return 1;
        }
        io.stdout(file.data);
        return 0;
      }
      case 'stream': {
        for (let line = 0; !io.signal.aborted; line++) {
          io.stdout(`line ${line}\n`);
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
        return 0;
      }
      case 'logcat':
        if (args.includes('-c')) return 0;
        // A live stream like the real one: odd records are errors, even ones info.
        for (let index = 0; !io.signal.aborted; index++) {
          io.stdout(logcatRecord(index % 2 ? 6 : 4, 'FakeTag', `message ${index}`));
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
        return 0;
      default:
        io.stderr(`/system/bin/sh: ${name}: inaccessible or not found\n`);
        return 127;
    }
  };

  return {
    serial,
    product: { name: 'fake_phone', model: 'Fake Phone', device: 'fake' },
    installs,
    commands,
    files,
    async shell(commandLine, io) {
      commands.push(commandLine);
      let code = 0;
      for (const part of commandLine.split(' && ')) {
        code = await run(part, io);
        if (code !== 0) break;
      }
      return code;
    },
    fs: {
      stat(path): FileStat | undefined {
        const file = files.get(path);
        if (file) return { mode: file.mode, size: file.data.length, mtime: file.mtime };
        return isDirectory(path) ? { mode: 0o40755, size: 4096, mtime: 0 } : undefined;
      },
      list(path): DirectoryEntry[] | undefined {
        if (!isDirectory(path)) return undefined;
        const prefix = path.endsWith('/') ? path : `${path}/`;
        const names = new Set(
          [...files.keys()]
            .filter((name) => name.startsWith(prefix))
            .map((name) => name.slice(prefix.length).split('/')[0]),
        );
        return [...names].map((name) => ({ name, ...this.stat(`${prefix}${name}`)! }));
      },
      read: (path) => files.get(path)?.data,
      write(path, data, mode, mtime) {
        if (path.startsWith('/system/')) throw new Error(`couldn't create file: Read-only file system`);
        files.set(path, { data, mode, mtime });
      },
    },
    async install(apk, args) {
      installs.push({ apk, args });
      const ok = apk.subarray(0, 2).toString() === 'PK';
      return { ok, output: ok ? 'Success' : 'Failure [INSTALL_FAILED_INVALID_APK: not a zip]' };
    },
  };
}
