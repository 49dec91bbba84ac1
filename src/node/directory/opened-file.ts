/**
 * Opening a file of the directory source so that nothing can hang it or
 * lead it out of its root, whatever changes on disk between the folder
 * listing and the open:
 *
 * - `O_NONBLOCK | O_NOFOLLOW`: a FIFO swapped in for a file opens at once
 *   instead of waiting for a writer (a blocked open holds a thread-pool
 *   thread for good, beyond `abort` and even `process.exit()`), and a link
 *   in the last path segment is refused by the kernel;
 * - `fstat` on the descriptor: only a regular file is ever read;
 * - the opened file's own path (`/proc/self/fd/N` on Linux) must be exactly
 *   the path asked for, so a folder on the way swapped for a link is caught
 *   after the fact. Without `/proc` the check is by path and identity
 *   (realpath, then `lstat` device and inode against the descriptor's),
 *   which a racer with exact timing could still pass between the two.
 *
 * Neither check can see a hard link: a file linked into the root from
 * outside it is, to the kernel, a file of the root (docs/threat-model.md).
 * @module
 */
import { closeSync, constants, fstatSync, lstatSync, open, openSync, read, readlinkSync, readSync, realpathSync, type Stats } from 'node:fs';
import { lstat, realpath } from 'node:fs/promises';

/** An open regular file: its descriptor and the size `fstat` gave. Close it with {@link closeFile}. */
export interface OpenFile {
  readonly fd: number;
  readonly size: number;
}

/** Why a file was not opened: a link, something other than a regular file, or a file outside the path asked for. */
export interface OpenRefusal {
  readonly refused: 'link' | 'not-regular' | 'outside';
  /** What was found, for messages: `a FIFO`, `a folder`, … (`not-regular` only). */
  readonly what?: string;
}

// Not on Windows: there the listing and the path check still refuse links, and a FIFO is no file-system entry.
const FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

/** Whether `/proc/self/fd` names open files: found out on first use. */
let procFd: boolean | undefined;

/**
 * Opens the regular file at `abs` (absolute, free of links, as the listing
 * saw it) for reading, or says why not. Other failures (`ENOENT`, `EACCES`, …)
 * reject as `open` does. Nothing is left open unless an {@link OpenFile} is returned.
 */
export async function openFile(abs: string): Promise<OpenFile | OpenRefusal> {
  let fd: number;
  try {
    fd = await new Promise<number>((done, fail) => open(abs, FLAGS, (e, n) => (e ? fail(e) : done(n))));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ELOOP') return { refused: 'link' };
    throw e;
  }
  try {
    // Synchronous: fstat and readlink on /proc ask the kernel about an open descriptor, no disk I/O to wait for.
    const info = fstatSync(fd);
    return openedOrRefused(fd, info, info.isFile() && (await isAt(fd, abs, info)));
  } catch (e) {
    closeFile(fd);
    throw e;
  }
}

/** The opened regular file at its listed path (`at`), or the refusal, its descriptor closed. */
function openedOrRefused(fd: number, info: Stats, at: boolean): OpenFile | OpenRefusal {
  if (info.isFile() && at) return { fd, size: info.size };
  closeFile(fd);
  return info.isFile() ? { refused: 'outside' } : { refused: 'not-regular', what: kindOf(info) };
}

/**
 * {@link openFile} done synchronously: the same flags and checks, without a
 * thread-pool round trip per call (several times faster for the many small
 * files of a skills folder). `O_NONBLOCK` keeps a FIFO from blocking the open.
 */
export function openFileSync(abs: string): OpenFile | OpenRefusal {
  let fd: number;
  try {
    fd = openSync(abs, FLAGS);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ELOOP') return { refused: 'link' };
    throw e;
  }
  try {
    const info = fstatSync(fd);
    return openedOrRefused(fd, info, info.isFile() && isAtSync(fd, abs, info));
  } catch (e) {
    closeFile(fd);
    throw e;
  }
}

/** The opened file's own path by `/proc/self/fd`, or `undefined` where there is no such folder. */
function procPath(fd: number): string | undefined {
  if (procFd === false) return undefined;
  try {
    const opened = readlinkSync(`/proc/self/fd/${fd}`);
    procFd = true;
    return opened;
  } catch (e) {
    if (procFd === true) throw e;
    procFd = false;
    return undefined;
  }
}

/** True when the file open as `fd` is the one at `abs`, reached through no link. */
async function isAt(fd: number, abs: string, info: Stats): Promise<boolean> {
  const opened = procPath(fd);
  return opened === undefined ? isAtByPath(abs, info) : opened === abs;
}

/** {@link isAt}, synchronously. */
function isAtSync(fd: number, abs: string, info: Stats): boolean {
  const opened = procPath(fd);
  if (opened !== undefined) return opened === abs;
  if (realpathSync(abs) !== abs) return false;
  const now = lstatSync(abs);
  return now.dev === info.dev && now.ino === info.ino;
}

/**
 * The check where `/proc/self/fd` is missing: `abs` has no link on its way
 * and names the very file (device and inode) that was opened.
 */
export async function isAtByPath(abs: string, info: Stats): Promise<boolean> {
  if ((await realpath(abs)) !== abs) return false;
  const now = await lstat(abs);
  return now.dev === info.dev && now.ino === info.ino;
}

/** What a non-regular file is, for messages. */
export function kindOf(info: {
  isDirectory(): boolean;
  isFIFO(): boolean;
  isSocket(): boolean;
  isCharacterDevice(): boolean;
  isBlockDevice(): boolean;
  isSymbolicLink(): boolean;
}): string {
  if (info.isDirectory()) return 'a folder';
  if (info.isFIFO()) return 'a FIFO';
  if (info.isSocket()) return 'a socket';
  if (info.isCharacterDevice()) return 'a character device';
  if (info.isBlockDevice()) return 'a block device';
  if (info.isSymbolicLink()) return 'a symbolic link';
  return 'not a regular file';
}

/**
 * Closes a descriptor. Synchronous: closing a file opened for reading
 * flushes nothing, and it saves a thread-pool round trip per file.
 */
export function closeFile(fd: number): void {
  closeSync(fd);
}

/** Reads up to `length` bytes at `position` into `buffer` from `offset`; resolves with the count read. */
export function readAt(fd: number, buffer: Uint8Array, offset: number, length: number, position: number): Promise<number> {
  return new Promise((done, fail) => read(fd, buffer, offset, length, position, (e, n) => (e ? fail(e) : done(n))));
}

/** Reads a whole file of known size: one read unless the file shrank meanwhile (then what is there). */
export async function readAll(fd: number, size: number): Promise<Uint8Array> {
  const bytes = new Uint8Array(size);
  let at = 0;
  while (at < size) {
    const n = await readAt(fd, bytes, at, size - at, at);
    if (n === 0) break;
    at += n;
  }
  return at === size ? bytes : bytes.slice(0, at);
}

/** {@link readAll}, synchronously. */
export function readAllSync(fd: number, size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  let at = 0;
  while (at < size) {
    const n = readSync(fd, bytes, at, size - at, at);
    if (n === 0) break;
    at += n;
  }
  return at === size ? bytes : bytes.slice(0, at);
}
