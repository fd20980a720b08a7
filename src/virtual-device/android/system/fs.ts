/**
 * An in-memory file system for `sync:` and the shell (`cat`, `ls`, `rm`,
 * `uiautomator dump`). Writable under /sdcard and /data/local/tmp; the rest of
 * the tree exists only as the directories clients stat.
 */
import type { DeviceFileSystem, DirectoryEntry, FileStat } from '../../services.js';

interface Node {
  mode: number;
  mtime: number;
  data?: Buffer;
}

const DIRECTORY = 0o40000;
const WRITABLE_ROOTS = ['/sdcard', '/storage/emulated/0', '/data/local/tmp'];
const DIRECTORIES = [
  '/',
  '/data',
  '/data/local',
  '/data/local/tmp',
  '/sdcard',
  '/storage',
  '/storage/emulated',
  '/storage/emulated/0',
  '/system',
  '/system/bin',
];

export function normalizePath(path: string): string {
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') parts.pop();
    else parts.push(part);
  }
  const joined = `/${parts.join('/')}`;
  // /sdcard is a symlink to the primary external storage.
  return joined.startsWith('/storage/emulated/0')
    ? `/sdcard${joined.slice('/storage/emulated/0'.length)}`
    : joined;
}

function parentOf(path: string): string {
  const i = path.lastIndexOf('/');
  return i <= 0 ? '/' : path.slice(0, i);
}

export class MemoryFileSystem implements DeviceFileSystem {
  private readonly nodes = new Map<string, Node>();

  constructor(private readonly now: () => number) {
    const mtime = Math.floor(now() / 1000);
    for (const dir of DIRECTORIES) this.nodes.set(normalizePath(dir), { mode: DIRECTORY | 0o771, mtime });
  }

  stat(path: string): FileStat | undefined {
    const node = this.nodes.get(normalizePath(path));
    return node && { mode: node.mode, size: node.data?.length ?? 4096, mtime: node.mtime };
  }

  list(path: string): DirectoryEntry[] | undefined {
    const dir = normalizePath(path);
    const node = this.nodes.get(dir);
    if (!node || !(node.mode & DIRECTORY)) return undefined;
    const prefix = dir === '/' ? '/' : `${dir}/`;
    const entries: DirectoryEntry[] = [];
    for (const [p, n] of this.nodes) {
      if (p === dir || !p.startsWith(prefix) || p.slice(prefix.length).includes('/')) continue;
      entries.push({
        name: p.slice(prefix.length),
        mode: n.mode,
        size: n.data?.length ?? 4096,
        mtime: n.mtime,
      });
    }
    return entries.sort((a, b) => (a.name < b.name ? -1 : 1));
  }

  read(path: string): Buffer | undefined {
    return this.nodes.get(normalizePath(path))?.data;
  }

  /** Whether a file can be created at `path` (under /sdcard or /data/local/tmp). */
  isWritable(path: string): boolean {
    const file = normalizePath(path);
    return WRITABLE_ROOTS.some((root) => file.startsWith(`${normalizePath(root)}/`));
  }

  write(path: string, data: Buffer, mode = 0o100644, mtime = Math.floor(this.now() / 1000)): void {
    const file = normalizePath(path);
    if (!this.isWritable(file)) {
      throw new Error(`couldn't create file: Read-only file system`);
    }
    this.mkdirs(parentOf(file), mtime);
    this.nodes.set(file, { mode: (mode & 0o7777) | 0o100000, mtime, data: Buffer.from(data) });
  }

  /** `rm` / `rm -r`; false when nothing was there. */
  remove(path: string, recursive = false): boolean {
    const target = normalizePath(path);
    const node = this.nodes.get(target);
    if (!node || DIRECTORIES.map(normalizePath).includes(target)) return false;
    if (node.mode & DIRECTORY) {
      if (!recursive) return false;
      for (const p of [...this.nodes.keys()]) if (p.startsWith(`${target}/`)) this.nodes.delete(p);
    }
    return this.nodes.delete(target);
  }

  /** `touch`: sets the modification time, creating an empty file when there is none. */
  touch(path: string, mtime = Math.floor(this.now() / 1000)): void {
    const node = this.nodes.get(normalizePath(path));
    if (node) node.mtime = mtime;
    else this.write(path, Buffer.alloc(0), 0o100644, mtime);
  }

  mkdirs(path: string, mtime = Math.floor(this.now() / 1000)): void {
    const dir = normalizePath(path);
    if (this.nodes.has(dir)) return;
    this.mkdirs(parentOf(dir), mtime);
    this.nodes.set(dir, { mode: DIRECTORY | 0o771, mtime });
  }
}
