// A file system in memory in the shape isomorphic-git takes (`{ promises }`), for the evolution history's tests:
// what a browser's IndexedDB or OPFS file system does; and a switch that makes any file system's writes fail.
import type { PromiseFsClient } from 'isomorphic-git';

/** An error as Node's file system throws it: isomorphic-git reads `code`. */
function fsError(code: string, path: string): Error {
  return Object.assign(new Error(`${code}: ${path}`), { code });
}

/** Stat results, as isomorphic-git reads them. */
interface Stats {
  type: 'file' | 'dir';
  mode: number;
  size: number;
  ino: number;
  mtimeMs: number;
  ctimeMs: number;
  uid: number;
  gid: number;
  dev: number;
  isFile(): boolean;
  isDirectory(): boolean;
  isSymbolicLink(): boolean;
}

/** The test's file system, with `files` and `dirs` to look into. */
export interface MemoryGitFs {
  readonly promises: PromiseFsClient['promises'];
  readonly files: Map<string, Uint8Array>;
  readonly dirs: Set<string>;
}

/** A file system whose writes fail (`EIO`) while `failWrites` is set. */
export interface SwitchableFs {
  readonly promises: PromiseFsClient['promises'];
  failWrites: boolean;
}

/** `inner` with a switch that makes every write (`writeFile`, `mkdir`) fail, as a full disk or a revoked permission would. */
export function switchableFs(inner: PromiseFsClient): SwitchableFs {
  const state: SwitchableFs = {
    failWrites: false,
    promises: {
      ...inner.promises,
      writeFile: async (path: string, ...rest: unknown[]) => {
        if (state.failWrites) throw fsError('EIO', path);
        return (inner.promises.writeFile as (...a: unknown[]) => Promise<unknown>)(path, ...rest);
      },
      mkdir: async (path: string, ...rest: unknown[]) => {
        if (state.failWrites) throw fsError('EIO', path);
        return (inner.promises.mkdir as (...a: unknown[]) => Promise<unknown>)(path, ...rest);
      },
    },
  };
  return state;
}

const parentOf = (path: string): string => path.slice(0, Math.max(path.lastIndexOf('/'), 0)) || '/';
const clean = (path: string): string => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/** A fresh, empty file system with `/` in it. */
export function memoryGitFs(): MemoryGitFs {
  const files = new Map<string, Uint8Array>();
  const dirs = new Set<string>(['/']);
  const stats = (type: 'file' | 'dir', size: number): Stats => ({
    type,
    mode: type === 'file' ? 0o100644 : 0o40000,
    size,
    ino: 0,
    mtimeMs: 0,
    ctimeMs: 0,
    uid: 1,
    gid: 1,
    dev: 1,
    isFile: () => type === 'file',
    isDirectory: () => type === 'dir',
    isSymbolicLink: () => false,
  });
  const write = (path: string): void => {
    if (!dirs.has(parentOf(path))) throw fsError('ENOENT', path);
  };
  const promises = {
    async readFile(path: string, options?: { encoding?: string } | string) {
      const bytes = files.get(clean(path));
      if (!bytes) throw fsError(dirs.has(clean(path)) ? 'EISDIR' : 'ENOENT', path);
      const encoding = typeof options === 'string' ? options : options?.encoding;
      return encoding === 'utf8' ? new TextDecoder().decode(bytes) : bytes.slice();
    },
    async writeFile(path: string, data: string | Uint8Array) {
      write(clean(path));
      files.set(clean(path), typeof data === 'string' ? new TextEncoder().encode(data) : new Uint8Array(data));
    },
    async unlink(path: string) {
      if (!files.delete(clean(path))) throw fsError('ENOENT', path);
    },
    async readdir(path: string) {
      const dir = clean(path);
      if (!dirs.has(dir)) throw fsError(files.has(dir) ? 'ENOTDIR' : 'ENOENT', path);
      const prefix = dir === '/' ? '/' : `${dir}/`;
      const names = [...files.keys(), ...dirs].filter((p) => p !== dir && p.startsWith(prefix) && !p.slice(prefix.length).includes('/'));
      return names.map((p) => p.slice(prefix.length));
    },
    async mkdir(path: string) {
      const dir = clean(path);
      if (dirs.has(dir) || files.has(dir)) throw fsError('EEXIST', path);
      write(dir);
      dirs.add(dir);
    },
    async rmdir(path: string) {
      const dir = clean(path);
      if (!dirs.has(dir)) throw fsError('ENOENT', path);
      if ([...files.keys(), ...dirs].some((p) => p.startsWith(`${dir}/`))) throw fsError('ENOTEMPTY', path);
      dirs.delete(dir);
    },
    async stat(path: string): Promise<Stats> {
      const p = clean(path);
      if (dirs.has(p)) return stats('dir', 0);
      const bytes = files.get(p);
      if (!bytes) throw fsError('ENOENT', path);
      return stats('file', bytes.byteLength);
    },
    async lstat(path: string): Promise<Stats> {
      return promises.stat(path);
    },
    async readlink(path: string) {
      throw fsError('ENOENT', path);
    },
    async symlink(_target: string, path: string) {
      throw fsError('ENOTSUP', path);
    },
    async chmod() {},
  };
  return { promises, files, dirs };
}
