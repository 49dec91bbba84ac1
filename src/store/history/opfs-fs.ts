/**
 * `opfsGitFs`: the browser's origin private file system (OPFS) in the shape
 * isomorphic-git takes, so an evolution history lives in a page or worker
 * with no package beyond isomorphic-git. Errors carry Node's codes
 * (`ENOENT`, `EEXIST`, `ENOTDIR`, `ENOTEMPTY`), which isomorphic-git reads.
 * @module
 */

/** The part of `FileSystemDirectoryHandle` used here (the DOM types of some targets lack its iteration). */
export interface OpfsDirectory {
  readonly kind: 'directory';
  getDirectoryHandle(name: string, options?: { create?: boolean }): Promise<OpfsDirectory>;
  getFileHandle(name: string, options?: { create?: boolean }): Promise<OpfsFile>;
  removeEntry(name: string, options?: { recursive?: boolean }): Promise<void>;
  keys(): AsyncIterable<string>;
}

/** The part of `FileSystemFileHandle` used here. */
export interface OpfsFile {
  readonly kind: 'file';
  getFile(): Promise<{ readonly size: number; readonly lastModified: number; arrayBuffer(): Promise<ArrayBuffer> }>;
  createWritable(): Promise<{ write(data: Uint8Array | string): Promise<void>; close(): Promise<void> }>;
}

/** What `stat` answers, as isomorphic-git reads it. */
interface Stats {
  readonly type: 'file' | 'dir';
  readonly mode: number;
  readonly size: number;
  readonly ino: number;
  readonly mtimeMs: number;
  readonly ctimeMs: number;
  readonly uid: number;
  readonly gid: number;
  readonly dev: number;
  isFile(): boolean;
  isDirectory(): boolean;
  isSymbolicLink(): boolean;
}

/** The file system's promise methods, as isomorphic-git calls them. */
export interface OpfsGitFs {
  readonly promises: {
    readFile(path: string, options?: { encoding?: string } | string): Promise<Uint8Array | string>;
    writeFile(path: string, data: Uint8Array | string): Promise<void>;
    unlink(path: string): Promise<void>;
    readdir(path: string): Promise<string[]>;
    mkdir(path: string): Promise<void>;
    rmdir(path: string): Promise<void>;
    stat(path: string): Promise<Stats>;
    lstat(path: string): Promise<Stats>;
    /** OPFS has no symbolic links: always `EINVAL` (not a link). */
    readlink(path: string): Promise<string>;
    /** OPFS has no symbolic links: always `ENOTSUP`. */
    symlink(target: string, path: string): Promise<void>;
  };
}

const CODES: Readonly<Record<string, string>> = {
  NotFoundError: 'ENOENT',
  TypeMismatchError: 'ENOTDIR',
  InvalidModificationError: 'ENOTEMPTY',
  NoModificationAllowedError: 'EACCES',
  QuotaExceededError: 'ENOSPC',
};

/** An error with Node's `code` for `path`; a browser's DOMException is kept as the cause. */
function fsError(code: string, path: string, cause?: unknown): Error {
  return Object.assign(new Error(`${code}: ${path}`, cause === undefined ? {} : { cause }), { code });
}

/** Runs `job`, turning the browser's DOMExceptions into errors with Node's codes. */
async function mapped<T>(path: string, job: () => Promise<T>): Promise<T> {
  try {
    return await job();
  } catch (e) {
    if (typeof (e as { code?: unknown }).code === 'string' && !(e instanceof DOMException)) throw e;
    throw fsError(CODES[(e as { name?: string }).name ?? ''] ?? 'EIO', path, e);
  }
}

const partsOf = (path: string): string[] => path.split('/').filter((p) => p !== '' && p !== '.');

function stats(type: 'file' | 'dir', size: number, mtimeMs: number): Stats {
  return {
    type,
    mode: type === 'file' ? 0o100644 : 0o40000,
    size,
    ino: 0,
    mtimeMs,
    ctimeMs: mtimeMs,
    uid: 1,
    gid: 1,
    dev: 1,
    isFile: () => type === 'file',
    isDirectory: () => type === 'dir',
    isSymbolicLink: () => false,
  };
}

/**
 * A file system over the OPFS folder `root` (default: the origin's, `navigator.storage.getDirectory()`, asked for on
 * first use) for `gitMirror({ fs: opfsGitFs(), dir: '/evolution' })` and `readEvolutionLog`. Works in pages and
 * workers of browsers with OPFS writable streams (Chromium, Firefox, Safari 17+).
 *
 * @example
 * ```ts
 * const evolution = gitMirror({ fs: opfsGitFs(), dir: '/evolution' })
 * const store = await openIndexedDbStore({ evolution })
 * ```
 */
export function opfsGitFs(root?: OpfsDirectory | Promise<OpfsDirectory>): OpfsGitFs {
  let top: Promise<OpfsDirectory> | undefined;
  const rootOf = (): Promise<OpfsDirectory> =>
    (top ??= root !== undefined ? Promise.resolve(root) : (navigator.storage as unknown as { getDirectory(): Promise<OpfsDirectory> }).getDirectory());
  const walk = walker(rootOf);
  const links = {
    readlink: (path: string) => Promise.reject(fsError('EINVAL', path)),
    symlink: (_target: string, path: string) => Promise.reject(fsError('ENOTSUP', path)),
  };
  return { promises: { ...readMethods(walk), ...writeMethods(walk), ...links } };
}

/** Finding entries by path from the root folder. */
interface Walker {
  folder(parts: readonly string[]): Promise<OpfsDirectory>;
  /** The folder holding `path`'s last part, and that part (`undefined` for the root). */
  parentOf(path: string): Promise<[OpfsDirectory, string | undefined]>;
  entryOf(path: string): Promise<OpfsDirectory | OpfsFile>;
  fileOf(path: string): Promise<OpfsFile>;
}

function walker(rootOf: () => Promise<OpfsDirectory>): Walker {
  const folder = async (parts: readonly string[]): Promise<OpfsDirectory> => {
    let dir = await rootOf();
    for (const part of parts) dir = await dir.getDirectoryHandle(part);
    return dir;
  };
  const parentOf = async (path: string): Promise<[OpfsDirectory, string | undefined]> => {
    const parts = partsOf(path);
    const name = parts.pop();
    return [await folder(parts), name];
  };
  return {
    folder,
    parentOf,
    async entryOf(path) {
      const [dir, name] = await parentOf(path);
      if (name === undefined) return dir;
      return dir.getDirectoryHandle(name).catch(async (e: unknown) => {
        if ((e as { name?: string }).name !== 'TypeMismatchError') throw e;
        return dir.getFileHandle(name);
      });
    },
    async fileOf(path) {
      const [dir, name] = await parentOf(path);
      if (name === undefined) throw fsError('EISDIR', path);
      return dir.getFileHandle(name);
    },
  };
}

type Methods = OpfsGitFs['promises'];

function readMethods({ folder, entryOf, fileOf }: Walker): Pick<Methods, 'readFile' | 'readdir' | 'stat' | 'lstat'> {
  const stat = (path: string): Promise<Stats> =>
    mapped(path, async () => {
      const entry = await entryOf(path);
      if (entry.kind === 'directory') return stats('dir', 0, 0);
      const file = await entry.getFile();
      return stats('file', file.size, file.lastModified);
    });
  return {
    readFile: (path, options) =>
      mapped(path, async () => {
        const bytes = new Uint8Array(await (await (await fileOf(path)).getFile()).arrayBuffer());
        const encoding = typeof options === 'string' ? options : options?.encoding;
        return encoding === 'utf8' ? new TextDecoder().decode(bytes) : bytes;
      }),
    readdir: (path) =>
      mapped(path, async () => {
        const names: string[] = [];
        for await (const name of (await folder(partsOf(path))).keys()) names.push(name);
        return names;
      }),
    stat,
    lstat: stat,
  };
}

function writeMethods({ parentOf, entryOf, fileOf }: Walker): Pick<Methods, 'writeFile' | 'unlink' | 'mkdir' | 'rmdir'> {
  return {
    writeFile: (path, data) =>
      mapped(path, async () => {
        const [dir, name] = await parentOf(path);
        if (name === undefined) throw fsError('EISDIR', path);
        const stream = await (await dir.getFileHandle(name, { create: true })).createWritable();
        await stream.write(data);
        await stream.close();
      }),
    unlink: (path) =>
      mapped(path, async () => {
        await fileOf(path);
        const [dir, name] = await parentOf(path);
        await dir.removeEntry(name as string);
      }),
    mkdir: (path) =>
      mapped(path, async () => {
        const [dir, name] = await parentOf(path);
        const there = await entryOf(path).then(
          () => true,
          () => false,
        );
        if (name === undefined || there) throw fsError('EEXIST', path);
        await dir.getDirectoryHandle(name, { create: true });
      }),
    rmdir: (path) =>
      mapped(path, async () => {
        const [dir, name] = await parentOf(path);
        if (name === undefined) throw fsError('EBUSY', path);
        await dir.getDirectoryHandle(name);
        await dir.removeEntry(name);
      }),
  };
}
