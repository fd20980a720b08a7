import type { DeviceFileSystem, FileStat } from '../../services.js';
import type { ServiceStream } from '../service-stream.js';

/** Largest DATA chunk either side sends (`SYNC_DATA_MAX`). */
export const SYNC_DATA_MAX = 64 * 1024;
const MAX_PATH = 1024;
const ENOENT = 2;
const S_IFMT = 0o170000;

function id(name: string, length: number): Buffer {
  const message = Buffer.alloc(4 + length);
  message.write(name, 0, 'latin1');
  return message;
}

function fail(text: string): Buffer {
  const message = id('FAIL', 4);
  message.writeUInt32LE(Buffer.byteLength(text), 4);
  return Buffer.concat([message, Buffer.from(text)]);
}

/** `STAT`: mode, size, mtime; all zeros for a missing path (adbkit reads mode 0 as ENOENT). */
function statV1(stat: FileStat | undefined): Buffer {
  const message = id('STAT', 12);
  if (stat) {
    message.writeUInt32LE(stat.mode, 4);
    message.writeUInt32LE(stat.size >>> 0, 8);
    message.writeUInt32LE(stat.mtime >>> 0, 12);
  }
  return message;
}

/** The 68-byte stat_v2 body after the id: error, dev, ino, mode, nlink, uid, gid, size, atime, mtime, ctime. */
function statV2Body(stat: FileStat | undefined): Buffer {
  const body = Buffer.alloc(68);
  if (!stat) {
    body.writeUInt32LE(ENOENT, 0);
    return body;
  }
  body.writeUInt32LE(stat.mode, 20);
  body.writeUInt32LE(1, 24);
  body.writeBigUInt64LE(BigInt(stat.size), 36);
  for (const offset of [44, 52, 60]) body.writeBigInt64LE(BigInt(stat.mtime), offset);
  return body;
}

function withName(head: Buffer, name: string): Buffer {
  const nameBytes = Buffer.from(name);
  const length = Buffer.alloc(4);
  length.writeUInt32LE(nameBytes.length);
  return Buffer.concat([head, length, nameBytes]);
}

function listV1(fs: DeviceFileSystem, path: string): Buffer[] {
  const entries = listWithDots(fs, path);
  const dents = entries.map((entry) => withName(statV1(entry).subarray(4), entry.name));
  return [...dents.map((dent) => Buffer.concat([Buffer.from('DENT'), dent])), id('DONE', 16)];
}

function listV2(fs: DeviceFileSystem, path: string): Buffer[] {
  const dents = listWithDots(fs, path).map((entry) =>
    withName(Buffer.concat([Buffer.from('DNT2'), statV2Body(entry)]), entry.name),
  );
  return [...dents, id('DONE', 72)];
}

/** adbd lists with readdir, so `.` and `..` come first (adbkit drops them). */
function listWithDots(fs: DeviceFileSystem, path: string) {
  const entries = fs.list(path);
  const self = fs.stat(path);
  if (!entries || !self) return [];
  return [{ ...self, name: '.' }, { ...self, name: '..' }, ...entries];
}

async function* readFileChunks(fs: DeviceFileSystem, path: string): AsyncGenerator<Buffer> {
  const data = fs.read(path);
  if (!data) {
    yield fail(fs.stat(path) ? 'open failed: Is a directory' : 'open failed: No such file or directory');
    return;
  }
  for (let offset = 0; offset < data.length; offset += SYNC_DATA_MAX) {
    const piece = data.subarray(offset, offset + SYNC_DATA_MAX);
    const header = id('DATA', 4);
    header.writeUInt32LE(piece.length, 4);
    yield Buffer.concat([header, piece]);
  }
  yield id('DONE', 4);
}

/** `SEND path,mode`: DATA chunks until `DONE <mtime>`, then one OKAY or FAIL. */
async function receiveFile(stream: ServiceStream, fs: DeviceFileSystem, spec: string): Promise<boolean> {
  const comma = spec.lastIndexOf(',');
  const path = comma < 0 ? spec : spec.slice(0, comma);
  const mode = comma < 0 ? 0o100644 : Number.parseInt(spec.slice(comma + 1), 10);
  const parts: Buffer[] = [];
  for (;;) {
    const header = await stream.input.read(8);
    if (!header) return false;
    const kind = header.toString('latin1', 0, 4);
    const value = header.readUInt32LE(4);
    if (kind === 'DONE') {
      try {
        fs.write(path, Buffer.concat(parts), (mode & S_IFMT) === 0 ? mode | 0o100000 : mode, value);
        await stream.write(id('OKAY', 4));
        return true;
      } catch (error) {
        await stream.write(fail(error instanceof Error ? error.message : String(error)));
        return false;
      }
    }
    if (kind !== 'DATA') {
      await stream.write(fail(`invalid data message: expected DATA, got ${kind}`));
      return false;
    }
    if (value > SYNC_DATA_MAX) {
      await stream.write(fail(`oversize data message: ${value} bytes (at most ${SYNC_DATA_MAX})`));
      return false;
    }
    const data = await stream.input.read(value);
    if (!data) return false;
    parts.push(data);
  }
}

/**
 * The `sync:` service: STAT/STA2/LST2, LIST/LIS2, RECV, SEND, QUIT, until
 * QUIT, an error, or the client closing the stream.
 */
export async function runSync(stream: ServiceStream, fs: DeviceFileSystem): Promise<void> {
  for (;;) {
    const header = await stream.input.read(8);
    if (!header) break;
    const kind = header.toString('latin1', 0, 4);
    const length = header.readUInt32LE(4);
    if (kind === 'QUIT') break;
    if (length > MAX_PATH) {
      await stream.write(fail('path too long'));
      break;
    }
    const pathBytes = await stream.input.read(length);
    if (!pathBytes) break;
    const path = pathBytes.toString();
    if (kind === 'STAT') await stream.write(statV1(fs.stat(path)));
    else if (kind === 'STA2' || kind === 'LST2')
      await stream.write(Buffer.concat([id(kind, 0), statV2Body(fs.stat(path))]));
    else if (kind === 'LIST') for (const message of listV1(fs, path)) await stream.write(message);
    else if (kind === 'LIS2') for (const message of listV2(fs, path)) await stream.write(message);
    else if (kind === 'RECV') {
      for await (const message of readFileChunks(fs, path)) await stream.write(message);
    } else if (kind === 'SEND') {
      if (!(await receiveFile(stream, fs, path))) break;
    } else {
      await stream.write(fail(`unknown sync command ${JSON.stringify(kind)}`));
      break;
    }
  }
  await stream.close();
}
