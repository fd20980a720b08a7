/**
 * Reads the ZIP container of an APK: the central directory, one entry's bytes
 * (stored or deflated), and whether an APK Signing Block (v2+) sits before the
 * central directory. Enough for the package manager; no ZIP64, no encryption.
 */
import { inflateRawSync } from 'node:zlib';

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  compressedSize: number;
  size: number;
  localHeaderOffset: number;
}

export interface ZipArchive {
  entries: ReadonlyMap<string, ZipEntry>;
  /** Offset of the central directory (the APK Signing Block ends right before it). */
  centralDirectoryOffset: number;
}

/** Why a buffer is not a readable ZIP archive. */
export class ZipFormatError extends Error {}

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const EOCD_SIZE = 22;
/** The End Of Central Directory record may be followed by a comment of up to 65535 bytes. */
const MAX_COMMENT = 0xffff;

function findEndOfCentralDirectory(data: Buffer): number {
  const lowest = Math.max(0, data.length - EOCD_SIZE - MAX_COMMENT);
  for (let at = data.length - EOCD_SIZE; at >= lowest; at--) {
    if (
      data.readUInt32LE(at) === EOCD_SIGNATURE &&
      at + EOCD_SIZE + data.readUInt16LE(at + 20) === data.length
    )
      return at;
  }
  throw new ZipFormatError('no end of central directory record');
}

export function readZip(data: Buffer): ZipArchive {
  if (data.length < EOCD_SIZE) throw new ZipFormatError('too short for a ZIP archive');
  const eocd = findEndOfCentralDirectory(data);
  const count = data.readUInt16LE(eocd + 10);
  const directorySize = data.readUInt32LE(eocd + 12);
  const directoryOffset = data.readUInt32LE(eocd + 16);
  if (directoryOffset + directorySize > eocd) throw new ZipFormatError('central directory out of range');
  const entries = new Map<string, ZipEntry>();
  let at = directoryOffset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > eocd || data.readUInt32LE(at) !== CENTRAL_SIGNATURE)
      throw new ZipFormatError('bad central directory entry');
    const nameLength = data.readUInt16LE(at + 28);
    const entry: ZipEntry = {
      name: data.toString('utf8', at + 46, at + 46 + nameLength),
      method: data.readUInt16LE(at + 10),
      compressedSize: data.readUInt32LE(at + 20),
      size: data.readUInt32LE(at + 24),
      localHeaderOffset: data.readUInt32LE(at + 42),
    };
    entries.set(entry.name, entry);
    at += 46 + nameLength + data.readUInt16LE(at + 30) + data.readUInt16LE(at + 32);
  }
  return { entries, centralDirectoryOffset: directoryOffset };
}

/** The uncompressed bytes of one entry. */
export function readZipEntry(data: Buffer, entry: ZipEntry): Buffer {
  const at = entry.localHeaderOffset;
  if (at + 30 > data.length || data.readUInt32LE(at) !== LOCAL_SIGNATURE)
    throw new ZipFormatError(`bad local header for ${entry.name}`);
  const start = at + 30 + data.readUInt16LE(at + 26) + data.readUInt16LE(at + 28);
  const raw = data.subarray(start, start + entry.compressedSize);
  if (raw.length !== entry.compressedSize) throw new ZipFormatError(`${entry.name} is truncated`);
  if (entry.method === 0) return raw;
  if (entry.method !== 8) throw new ZipFormatError(`${entry.name}: unsupported compression ${entry.method}`);
  try {
    return inflateRawSync(raw);
  } catch (error) {
    throw new ZipFormatError(`${entry.name}: ${(error as Error).message}`);
  }
}

const SIGNING_BLOCK_MAGIC = Buffer.from('APK Sig Block 42', 'latin1');

/** Whether an APK Signing Block (scheme v2 or later) precedes the central directory. */
export function hasSigningBlock(data: Buffer, archive: ZipArchive): boolean {
  const end = archive.centralDirectoryOffset;
  return end >= 16 && data.subarray(end - 16, end).equals(SIGNING_BLOCK_MAGIC);
}
