/** Atomic file writes: a temp file in the same directory, then a rename. */
import { createHash, randomBytes } from 'node:crypto';
import { rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

export interface WrittenFile {
  bytes: number;
  sha256: string;
}

export function sha256Hex(data: Uint8Array | string): string {
  return createHash('sha256').update(data).digest('hex');
}

/**
 * Writes `data` to `path` so that a reader sees either no file or the whole
 * file: the bytes go to a hidden temp file next to it, which is then renamed.
 * `flag: 'wx'` on the temp file and a final rename never replace a file
 * someone else wrote under the temp name.
 */
export async function writeFileAtomic(path: string, data: Uint8Array | string): Promise<WrittenFile> {
  const temp = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await writeFile(temp, data, { flag: 'wx' });
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  const buffer = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  return { bytes: buffer.byteLength, sha256: sha256Hex(buffer) };
}
